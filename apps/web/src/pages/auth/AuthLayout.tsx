import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';

const POINTS = [
  'Train on your website, documents, Q&As and videos',
  'Answers 70% of customer questions instantly',
  'Embed on any site with one line of code',
];

/** Split screen for the account pages: brand panel on the left, the form on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth">
      <aside className="auth__panel" aria-hidden="true">
        <Logo inverted />
        <div className="auth__pitch">
          <h2>Your own AI support agent, trained on what you already know.</h2>
          <ul>
            {POINTS.map((p) => (
              <li key={p}>
                <CheckCircle2 size={20} />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <figure className="auth__quote">
          <blockquote>
            “We set up Docent in an afternoon. It now handles most of our pre-sales questions.”
          </blockquote>
          <figcaption>Layla Haddad · Head of Support, Oasis Travel</figcaption>
        </figure>
      </aside>
      <main className="auth__main">
        <div className="auth__card">
          <Link to="/" className="auth__logo" aria-label="Docent home">
            <Logo />
          </Link>
          <h1 className="auth__title">{title}</h1>
          {subtitle && <p className="auth__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth__footer">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
