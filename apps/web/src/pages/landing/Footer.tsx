import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { SOCIAL_LINKS } from './social.tsx';
import './footer.css';

export function Footer({ onContact }: { onContact: () => void }) {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <Logo inverted />
          <p>AI chatbots trained on your own content. Answer customers instantly, everywhere.</p>
          <ul className="footer__social">
            {SOCIAL_LINKS.map(({ name, href, icon }) => (
              <li key={name}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={name}>
                  {icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer__col" aria-label="Product">
          <h3>Product</h3>
          <a href="#how-it-works">How it works</a>
          <a href="#benefits">Benefits</a>
          <a href="#pricing">Pricing</a>
          <a href="#faq">FAQ</a>
        </nav>
        <nav className="footer__col" aria-label="Account">
          <h3>Account</h3>
          <Link to="/login">Login</Link>
          <Link to="/signup">Create account</Link>
          <Link to="/forgot-password">Forgot password</Link>
        </nav>
        <div className="footer__col">
          <h3>Company</h3>
          <button type="button" className="footer__link-button" onClick={onContact}>
            Contact us
          </button>
          <span>Dubai, United Arab Emirates</span>
        </div>
      </div>
      <div className="container footer__bottom">
        <span>© {new Date().getFullYear()} Docent. All rights reserved.</span>
      </div>
    </footer>
  );
}
