import { Bot } from 'lucide-react';
import { Link } from 'react-router';

/** Bot pages need a stored bot; without one, point the user to the dashboard. */
export function NoBotSelected() {
  return (
    <div className="kb-empty">
      <span className="kb-empty__icon" aria-hidden="true">
        <Bot size={24} />
      </span>
      <p className="kb-empty__title">No chatbot selected</p>
      <p>Open a chatbot from the dashboard, or create one from a data source.</p>
      <Link className="btn btn--secondary btn--sm" to="/dashboard">
        Go to dashboard
      </Link>
    </div>
  );
}
