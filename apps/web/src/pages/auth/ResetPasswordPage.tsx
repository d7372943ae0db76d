import { MESSAGES } from '@docent/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, PasswordField } from '../../components/Field.tsx';
import { authApi } from '../../features/auth/index.ts';
import { ApiError } from '../../lib/api.ts';
import { AuthLayout } from './AuthLayout.tsx';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('user_id') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(MESSAGES.enterPassword);
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    setError('');
    setLoading(true);
    try {
      const reply = await authApi.resetPassword({
        user_id: token,
        password,
        confirm_password: confirm,
      });
      if (reply.errorCode === -1) {
        toast.success(reply.message);
        navigate('/login', { replace: true });
      } else {
        toast.error(reply.message || MESSAGES.unexpectedError);
      }
    } catch (err) {
      const message = err instanceof ApiError ? err.body?.message : undefined;
      toast.error(message || MESSAGES.unexpectedError);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a password you haven’t used here before."
      footer={
        <>
          Link expired? <Link to="/forgot-password">Request a new one</Link>
        </>
      }
    >
      {!token && (
        <p className="callout callout--warning" role="status">
          This page needs the link from your reset e-mail.
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          autoComplete="new-password"
          placeholder="Repeat your new password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error} />
        <Button type="submit" size="lg" block loading={loading}>
          Reset Password
        </Button>
      </form>
    </AuthLayout>
  );
}
