import { Check } from 'lucide-react';
import './packages.css';

export const PACKAGES = [
  {
    name: 'Silver',
    price: 250,
    tagline: 'For small businesses getting started',
    features: [
      '1 AI chatbot',
      '2,000 messages / month',
      'Website & text training',
      'E-mail support',
    ],
  },
  {
    name: 'Gold',
    price: 270,
    tagline: 'For growing teams with more traffic',
    features: [
      '3 AI chatbots',
      '10,000 messages / month',
      'All data sources incl. PDF & YouTube',
      'Custom branding',
    ],
    featured: true,
  },
  {
    name: 'Platinum',
    price: 290,
    tagline: 'For high-volume support operations',
    features: [
      'Unlimited chatbots',
      '50,000 messages / month',
      'Priority training queue',
      'Dedicated success manager',
    ],
  },
] as const;

export function Packages({ onChoose }: { onChoose: (name: string) => void }) {
  return (
    <section className="section section--tint" id="pricing" aria-labelledby="pricing-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">Packages</p>
          <h2 id="pricing-title" className="section__title">
            Simple plans that grow with you
          </h2>
          <p className="section__lead">Every plan includes a free trial. Cancel anytime.</p>
        </div>
        <ul className="plans">
          {PACKAGES.map((plan) => (
            <li key={plan.name} className={`plan${'featured' in plan ? ' plan--featured' : ''}`}>
              {'featured' in plan && <span className="plan__ribbon">Most popular</span>}
              <h3 className="plan__name">{plan.name}</h3>
              <p className="plan__tagline">{plan.tagline}</p>
              <p className="plan__price">
                <span>AED</span> {plan.price}
                <small>/month</small>
              </p>
              <ul className="plan__features">
                {plan.features.map((f) => (
                  <li key={f}>
                    <Check size={16} aria-hidden="true" /> {f}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`btn btn--block btn--lg ${'featured' in plan ? 'btn--primary' : 'btn--secondary'}`}
                onClick={() => onChoose(plan.name)}
                aria-label={`Get Started with ${plan.name}`}
              >
                Get Started
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
