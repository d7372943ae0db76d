import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, PasswordField, TextField } from '../../components/Field.tsx';
import { authApi } from '../../features/auth/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { clearSession, setSession } from '../../lib/session.ts';
import { AuthLayout } from './AuthLayout.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || !password) return setError(MESSAGES.fillAllFields);
    if (!EMAIL_PATTERN.test(trimmed)) return setError(MESSAGES.validEmail);
    setError('');
    setLoading(true);
    try {
      const reply = await authApi.login({ email: trimmed, password });
      const r = reply.response;
      clearSession();
      setSession({
        user: r.user,
        userId: r.userId,
        fullName: r.fullname,
        botCount: String(r.botCount ?? 0),
        email: trimmed,
      });
      if (reply.message) toast.success(reply.message);
      navigate(Number(r.botCount) > 0 ? '/chatbot-analytics' : '/dashboard', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to manage your chatbots."
      footer={
        <>
          Don’t have an account? <Link to="/">Register Now</Link>
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
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__row-end">
          <Link to="/forgot-password" className="link">
            Forgot Password ?
          </Link>
        </div>
        <FormError message={error} />
        <Button type="submit" size="lg" block loading={loading}>
          Log In
        </Button>
      </form>
    </AuthLayout>
  );
}
