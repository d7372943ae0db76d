import { Hammer } from 'lucide-react';
import { Link } from 'react-router';

/** Stand-in for a signed-in page that a later issue builds; replace the route's element. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="coming-soon">
      <div className="coming-soon__icon" aria-hidden="true">
        <Hammer size={28} />
      </div>
      <h1 className="coming-soon__title">{title}</h1>
      <p className="coming-soon__text">This page is on its way. Check back soon.</p>
      <Link className="btn btn--secondary btn--md" to="/dashboard">
        Back to dashboard
      </Link>
    </section>
  );
}
