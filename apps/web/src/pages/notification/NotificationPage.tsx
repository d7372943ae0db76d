import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Switch } from '../../components/Switch.tsx';
import { profileApi } from '../../features/profile/index.ts';
import { errorMessage } from '../../lib/api.ts';

export function NotificationPage() {
  // Default ON (docs/spec.md §2) until the saved preference arrives.
  const [enabled, setEnabled] = useState(true);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    profileApi
      .getNotifications()
      .then((reply) => {
        if (!cancelled) setEnabled(reply.response.email_notifications);
      })
      .catch(() => {})
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const onChange = async (next: boolean) => {
    setEnabled(next);
    setSaving(true);
    try {
      const reply = await profileApi.setNotifications({ email_notifications: next });
      toast.success(reply.message || 'Notification settings saved');
    } catch (err) {
      setEnabled(!next);
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="Notification" description="Choose how Docent keeps you informed." />
      <section className="card">
        <div className="setting-row">
          <div>
            <h2 className="card__title" id="email-notifications-label">
              Email Notification
            </h2>
            <p className="card__subtitle">
              Training updates, new conversations and account notices, sent to your inbox.
            </p>
          </div>
          <div className="setting-row__control">
            {(loading || saving) && <Spinner size={16} />}
            <Switch
              id="email-notifications"
              label="Email Notification"
              checked={enabled}
              onChange={(v) => void onChange(v)}
              disabled={loading || saving}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
