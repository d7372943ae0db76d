import { LogoMark } from '../../components/Logo.tsx';
import './chat-demo.css';

/** The live-chat demo picture, drawn in HTML/CSS: a support widget over a storefront. */
export function ChatDemo() {
  return (
    <figure
      className="demo"
      aria-label="Live chat demo: a customer asks about delivery and the AI agent answers"
    >
      <div className="demo__site" aria-hidden="true">
        <div className="demo__bar">
          <span />
          <span />
          <span />
          <em>yourstore.com</em>
        </div>
        <div className="demo__page">
          <div className="demo__line demo__line--lg" />
          <div className="demo__line" />
          <div className="demo__line demo__line--sm" />
          <div className="demo__tiles">
            <div />
            <div />
            <div />
          </div>
        </div>
      </div>
      <div className="demo__widget" aria-hidden="true">
        <div className="demo__head">
          <LogoMark size={28} />
          <div>
            <strong>Docent Assistant</strong>
            <small>
              <i /> Online · replies instantly
            </small>
          </div>
        </div>
        <div className="demo__body">
          <p className="bubble bubble--agent">Hi there! How can I help you today?</p>
          <p className="bubble bubble--user">
            Do you deliver to Abu Dhabi, and how long does it take?
          </p>
          <p className="bubble bubble--agent">
            Yes! Orders to Abu Dhabi arrive in <b>1–2 working days</b>, and delivery is free over
            AED 200.
            <span className="bubble__source">Source: Shipping &amp; Returns</span>
          </p>
          <p className="bubble bubble--user">Perfect, thanks!</p>
          <p className="bubble bubble--agent bubble--typing">
            <span className="bubble__dot" />
            <span className="bubble__dot" />
            <span className="bubble__dot" />
          </p>
        </div>
        <div className="demo__input">
          <span>Send Message</span>
          <b>➤</b>
        </div>
      </div>
      <div className="demo__badge" aria-hidden="true">
        <strong>70%</strong>
        <span>of queries solved instantly</span>
      </div>
    </figure>
  );
}
