import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, TextField } from '../../components/Field.tsx';
import { authApi } from '../../features/auth/index.ts';
import { ApiError } from '../../lib/api.ts';
import { AuthLayout } from './AuthLayout.tsx';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) return setError(MESSAGES.forgotValidEmail);
    setError('');
    setLoading(true);
    try {
      const reply = await authApi.validateEmail({ email: trimmed });
      if (reply.errorCode === -1) {
        toast.success(reply.message);
        navigate('/login');
      } else {
        toast.error(reply.message || MESSAGES.resetLinkFailed);
      }
    } catch (err) {
      // docs/spec.md §8: a 404 failure shows the server's message; any other failure a generic one.
      if (err instanceof ApiError && err.body?.errorCode === 404 && err.body.message) {
        toast.error(err.body.message);
      } else {
        toast.error(MESSAGES.unexpectedError);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail you signed up with and we’ll send you a reset link."
      footer={
        <>
          Remembered it? <Link to="/login">Back to login</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormError message={error} />
        <Button type="submit" size="lg" block loading={loading}>
          Submit
        </Button>
      </form>
    </AuthLayout>
  );
}
