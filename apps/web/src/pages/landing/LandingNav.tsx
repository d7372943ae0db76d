import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import './landing-nav.css';

const LINKS = [
  ['#how-it-works', 'How it works'],
  ['#benefits', 'Benefits'],
  ['#pricing', 'Pricing'],
  ['#faq', 'FAQ'],
] as const;

export function LandingNav({
  onGetStarted,
  onContact,
}: {
  onGetStarted: () => void;
  onContact: () => void;
}) {
  return (
    <header className="lnav">
      <div className="container lnav__inner">
        <Link to="/" className="lnav__logo" aria-label="Docent home">
          <Logo />
        </Link>
        <nav className="lnav__links" aria-label="Sections">
          {LINKS.map(([href, label]) => (
            <a key={href} href={href}>
              {label}
            </a>
          ))}
        </nav>
        <div className="lnav__actions">
          <button
            type="button"
            className="btn btn--ghost btn--md lnav__contact"
            onClick={onContact}
          >
            Get Contact
          </button>
          <Link to="/login" className="btn btn--secondary btn--md">
            Login
          </Link>
          <button
            type="button"
            className="btn btn--primary btn--md lnav__start"
            onClick={onGetStarted}
          >
            Get Started
          </button>
        </div>
      </div>
    </header>
  );
}
