import { EMAIL_PATTERN, MESSAGES } from '@docent/shared';
import { Sparkles } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { authApi } from '../../features/auth/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { ChatDemo } from './ChatDemo.tsx';
import './hero.css';

export function Hero({ emailRef }: { emailRef: Ref<HTMLInputElement> }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) return setError(MESSAGES.heroValidEmail);
    setError('');
    setLoading(true);
    try {
      const reply = await authApi.register({ email: trimmed });
      toast.success(reply.message || 'Check your inbox to complete your registration.');
      setEmail('');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">
            <Sparkles size={16} aria-hidden="true" /> GPT-powered live chat for your business
          </p>
          <h1 id="hero-title" className="hero__title">
            An AI support agent that knows your business <span>inside out</span>
          </h1>
          <p className="hero__lead">
            Train a chatbot on your website, documents, Q&amp;As and videos in minutes. Docent
            solves <strong>70% of customer queries instantly</strong>, day and night, in your
            brand’s voice.
          </p>
          <form className="hero__form" onSubmit={onSubmit} noValidate>
            <label htmlFor="hero-email" className="sr-only">
              Work e-mail
            </label>
            <input
              id="hero-email"
              ref={emailRef}
              className="input hero__input"
              type="email"
              autoComplete="email"
              placeholder="Enter your work e-mail"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'hero-email-error' : undefined}
            />
            <Button type="submit" size="lg" loading={loading}>
              Sign up free
            </Button>
          </form>
          {error ? (
            <p id="hero-email-error" className="hero__error" role="alert">
              {error}
            </p>
          ) : (
            <p className="hero__note">Free to start · No credit card · Set up in 5 minutes</p>
          )}
        </div>
        <ChatDemo />
      </div>
    </section>
  );
}
