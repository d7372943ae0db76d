import { MESSAGES } from '@docent/shared';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, PasswordField } from '../../components/Field.tsx';
import { profileApi } from '../../features/profile/index.ts';
import { errorMessage } from '../../lib/api.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordCard() {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.current_password || !form.new_password || !form.confirm_password)
      return setError(MESSAGES.fillAllFields);
    if (form.new_password !== form.confirm_password) return setError(MESSAGES.passwordsDoNotMatch);
    setError('');
    setSaving(true);
    try {
      const reply = await profileApi.changePassword(form);
      toast.success(reply.message || 'Password changed');
      setForm(EMPTY);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="change-password-title">
      <div className="card__head">
        <h2 id="change-password-title" className="card__title">
          Change Password
        </h2>
        <p className="card__subtitle">
          Use at least 8 characters. You stay signed in on this device.
        </p>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Current Password"
          name="current_password"
          autoComplete="current-password"
          value={form.current_password}
          onChange={set('current_password')}
        />
        <div className="form__grid-2">
          <PasswordField
            label="New Password"
            name="new_password"
            autoComplete="new-password"
            value={form.new_password}
            onChange={set('new_password')}
          />
          <PasswordField
            label="Confirm Password"
            name="confirm_password"
            autoComplete="new-password"
            value={form.confirm_password}
            onChange={set('confirm_password')}
          />
        </div>
        <FormError message={error} />
        <div className="form__actions">
          <Button type="submit" loading={saving}>
            Update Password
          </Button>
        </div>
      </form>
    </section>
  );
}
