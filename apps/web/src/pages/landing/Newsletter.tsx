import { type FormEvent, useState } from 'react';
import './newsletter.css';

export function Newsletter({ onSubscribe }: { onSubscribe: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubscribe(email.trim());
  };
  return (
    <section className="section" aria-labelledby="newsletter-title">
      <div className="container">
        <div className="newsletter">
          <div>
            <h2 id="newsletter-title">Stay in the loop</h2>
            <p>Product news, support automation tips and new features — once a month, no spam.</p>
          </div>
          <form className="newsletter__form" onSubmit={onSubmit} noValidate>
            <label htmlFor="newsletter-email" className="sr-only">
              E-mail address
            </label>
            <input
              id="newsletter-email"
              className="input"
              type="email"
              placeholder="you@company.com"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn--light btn--lg">
              Subscribe
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
