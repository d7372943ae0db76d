import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

/** Shown instead of a blank screen when a page fails to render. */
export function RouteError() {
  return (
    <section className="coming-soon" role="alert">
      <div className="coming-soon__icon coming-soon__icon--error" aria-hidden="true">
        <TriangleAlert size={28} />
      </div>
      <h1 className="coming-soon__title">Something went wrong</h1>
      <p className="coming-soon__text">This page could not be displayed. Please try again.</p>
      <div className="coming-soon__actions">
        <button
          type="button"
          className="btn btn--secondary btn--md"
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
        <Link className="btn btn--primary btn--md" to="/">
          Go to home
        </Link>
      </div>
    </section>
  );
}
