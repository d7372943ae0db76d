import { Star } from 'lucide-react';
import './testimonial.css';

export function Testimonial() {
  return (
    <section className="section" aria-labelledby="testimonial-title">
      <div className="container">
        <h2 id="testimonial-title" className="sr-only">
          What customers say
        </h2>
        <figure className="testimonial">
          <div className="testimonial__stars" role="img" aria-label="5 out of 5 stars">
            {[0, 1, 2, 3, 4].map((i) => (
              <Star key={i} size={20} fill="currentColor" aria-hidden="true" />
            ))}
          </div>
          <blockquote>
            “Within a week Docent was answering most of our customers’ questions about sizes,
            shipping and returns. Our team finally has time for the conversations that matter.”
          </blockquote>
          <figcaption>
            <span className="testimonial__avatar" aria-hidden="true">
              SK
            </span>
            <span>
              <strong>Sara Khan</strong>
              <small>Customer Experience Lead, Dune Apparel</small>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
