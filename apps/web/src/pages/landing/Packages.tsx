import { PLAN_LIST, planFeatures } from '@docent/shared';
import { Check } from 'lucide-react';
import './packages.css';

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
          {PLAN_LIST.map((plan) => (
            <li key={plan.id} className={`plan${plan.featured ? ' plan--featured' : ''}`}>
              {plan.featured && <span className="plan__ribbon">Most popular</span>}
              <h3 className="plan__name">{plan.name}</h3>
              <p className="plan__tagline">{plan.tagline}</p>
              <p className="plan__price">
                <span>AED</span> {plan.priceMonthly}
                <small>/month</small>
              </p>
              <ul className="plan__features">
                {planFeatures(plan).map((f) => (
                  <li key={f}>
                    <Check size={16} aria-hidden="true" /> {f}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`btn btn--block btn--lg ${plan.featured ? 'btn--primary' : 'btn--secondary'}`}
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
