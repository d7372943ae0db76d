import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, PasswordField, TextField } from '../../components/Field.tsx';
import { authApi } from '../../features/auth/auth.api.ts';
import { errorMessage } from '../../lib/api.ts';
import { AuthLayout } from './AuthLayout.tsx';

/**
 * /signup and /complete-signup. With `?user_id=<token>` from the invitation mail the e-mail
 * is looked up and the form completes that registration; without it, it registers directly.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('user_id') ?? '';
  const [form, setForm] = useState({ fullname: '', email: '', password: '', confirmPassword: '' });
  const [lookingUp, setLookingUp] = useState(Boolean(token));
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    authApi
      .fetchEmail(token)
      .then((reply) => {
        if (cancelled) return;
        if (reply.hasError) toast.error(reply.message);
        const email = reply.response?.email;
        if (email) setForm((f) => ({ ...f, email }));
      })
      .catch((err) => !cancelled && toast.error(errorMessage(err)))
      .finally(() => !cancelled && setLookingUp(false));
    return () => {
      cancelled = true;
    };
  }, [token]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const validate = (): string => {
    const email = form.email.trim();
    if (!email || !form.password || !form.confirmPassword) return MESSAGES.fillAllFields;
    if (!EMAIL_PATTERN.test(email)) return MESSAGES.validEmail;
    if (!form.fullname.trim()) return MESSAGES.enterFullName;
    if (form.password !== form.confirmPassword) return MESSAGES.passwordsDoNotMatch;
    return '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate();
    setError(problem);
    if (problem) return;
    setLoading(true);
    try {
      const body = {
        email: form.email.trim(),
        fullname: form.fullname.trim(),
        password: form.password,
      };
      const reply = token
        ? await authApi.completeRegistration({ ...body, user_id: token })
        : await authApi.registerDirect({ ...body, confirmPassword: form.confirmPassword });
      if (reply.hasError) throw new Error(reply.message);
      toast.success(MESSAGES.registrationSuccessful);
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout
      title={token ? 'Complete your registration' : 'Create your account'}
      subtitle="Start building your AI chatbot in minutes. No credit card needed."
      footer={
        <>
          Already have an account? <Link to="/login">Login Now</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Full Name"
          name="fullname"
          autoComplete="name"
          placeholder="Jane Cooper"
          value={form.fullname}
          onChange={set('fullname')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={lookingUp ? 'Looking up your invitation…' : 'you@company.com'}
          value={form.email}
          onChange={set('email')}
          readOnly={Boolean(token)}
          disabled={lookingUp}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={form.password}
          onChange={set('password')}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          placeholder="Repeat your password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <FormError message={error} />
        <Button type="submit" size="lg" block loading={loading} disabled={lookingUp}>
          Register
        </Button>
      </form>
    </AuthLayout>
  );
}
