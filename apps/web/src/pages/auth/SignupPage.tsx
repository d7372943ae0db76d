import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { FormError, PasswordField, TextField } from '../../components/Field.tsx';
import { authApi } from '../../features/auth/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { AuthLayout } from './AuthLayout.tsx';

interface SignupForm {
  fullname: string;
  email: string;
  password: string;
  confirmPassword: string;
}
const EMPTY: SignupForm = { fullname: '', email: '', password: '', confirmPassword: '' };

/** The first problem of the form, in the spec's order, or ''. */
function problemOf(form: SignupForm): string {
  const email = form.email.trim();
  if (!email || !form.password || !form.confirmPassword) return MESSAGES.fillAllFields;
  if (!EMAIL_PATTERN.test(email)) return MESSAGES.validEmail;
  if (!form.fullname.trim()) return MESSAGES.enterFullName;
  if (form.password !== form.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  return '';
}

/** The invited address, looked up from the invitation token; true while that runs. */
function useInvitedEmail(token: string, onEmail: (email: string) => void): boolean {
  const [lookingUp, setLookingUp] = useState(Boolean(token));
  const found = useRef(onEmail);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    authApi
      .fetchEmail({ user_id: token })
      .then((reply) => {
        const email = reply.response.email;
        if (!cancelled && email) found.current(email);
      })
      .catch((err) => !cancelled && toast.error(errorMessage(err)))
      .finally(() => !cancelled && setLookingUp(false));
    return () => {
      cancelled = true;
    };
  }, [token]);
  return lookingUp;
}

/**
 * /signup and /complete-signup. With `?user_id=<token>` from the invitation mail the e-mail
 * is looked up and the form completes that registration; without it, it registers directly.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('user_id') ?? '';
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const lookingUp = useInvitedEmail(token, (email) => setForm((f) => ({ ...f, email })));

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(form);
    setError(problem);
    if (problem) return;
    setLoading(true);
    try {
      const body = {
        email: form.email.trim(),
        fullname: form.fullname.trim(),
        password: form.password,
      };
      if (token) await authApi.completeRegistration({ ...body, user_id: token });
      else await authApi.register({ ...body, confirmPassword: form.confirmPassword });
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
        <SignupFields form={form} set={set} invited={Boolean(token)} lookingUp={lookingUp} />
        <FormError message={error} />
        <Button type="submit" size="lg" block loading={loading} disabled={lookingUp}>
          Register
        </Button>
      </form>
    </AuthLayout>
  );
}

function SignupFields({
  form,
  set,
  invited,
  lookingUp,
}: {
  form: SignupForm;
  set: (key: keyof SignupForm) => (e: { target: { value: string } }) => void;
  invited: boolean;
  lookingUp: boolean;
}) {
  return (
    <>
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
        readOnly={invited}
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
    </>
  );
}
