import { MESSAGES } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { profileApi } from '../../features/profile/index.ts';
import { errorMessage, sessionEndedOnPurpose } from '../../lib/api.ts';
import { clearSession, forgetDrafts, getSession, LEAVING_SESSION } from '../../lib/session.ts';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    try {
      const reply = await profileApi.deleteAccount();
      sessionEndedOnPurpose();
      toast.success(reply.message || 'Your account has been deleted');
      setOpen(false);
      // Leave the protected area first (committed synchronously), or its guard would see the
      // cleared session and redirect to /login instead; `/` is told not to send us to /dashboard.
      const { userId, user } = getSession();
      await navigate('/', { replace: true, flushSync: true, state: LEAVING_SESSION });
      forgetDrafts(userId ?? user ?? '');
      clearSession();
      queryClient.clear();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card card--danger" aria-labelledby="delete-account-title">
      <div className="card__row">
        <div>
          <h2 id="delete-account-title" className="card__title">
            Delete Account
          </h2>
          <p className="card__subtitle">
            Permanently remove your account, your chatbots and everything they were trained on.
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={MESSAGES.deleteAccountConfirm}
        description="This cannot be undone."
        confirmLabel="Yes, delete"
        onConfirm={onConfirm}
        busy={busy}
        danger
      />
    </section>
  );
}
