import * as Tabs from '@radix-ui/react-tabs';
import { Check } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const PLANS = [
  {
    name: 'Silver',
    monthly: 250,
    features: ['1 AI chatbot', '2,000 messages / month', 'E-mail support'],
  },
  {
    name: 'Gold',
    monthly: 270,
    features: ['3 AI chatbots', '10,000 messages / month', 'Custom branding'],
    current: true,
  },
  {
    name: 'Platinum',
    monthly: 290,
    features: ['Unlimited chatbots', '50,000 messages / month', 'Priority support'],
  },
];

function PlanGrid({ period }: { period: 'month' | 'year' }) {
  return (
    <ul className="plans plans--compact">
      {PLANS.map((plan) => (
        <li key={plan.name} className={`plan${plan.current ? ' plan--featured' : ''}`}>
          {plan.current && <span className="plan__ribbon">Current plan</span>}
          <h2 className="plan__name">{plan.name}</h2>
          <p className="plan__price">
            <span>AED</span> {period === 'month' ? plan.monthly : plan.monthly * 10}
            <small>/{period}</small>
          </p>
          <ul className="plan__features">
            {plan.features.map((f) => (
              <li key={f}>
                <Check size={16} aria-hidden="true" /> {f}
              </li>
            ))}
          </ul>
          <Button variant={plan.current ? 'secondary' : 'primary'} block disabled={plan.current}>
            {plan.current ? 'Current plan' : 'Choose plan'}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Static plan page (docs/spec.md §2/§9: Monthly/Annual tabs, AED 250/270/290 per month). */
export function BillingPage() {
  return (
    <div className="page">
      <PageHeader title="Billing" description="Plans and pricing for your workspace." />
      <Tabs.Root defaultValue="monthly" className="tabs">
        <Tabs.List className="tabs__list" aria-label="Billing period">
          <Tabs.Trigger value="monthly" className="tabs__trigger">
            Monthly
          </Tabs.Trigger>
          <Tabs.Trigger value="annual" className="tabs__trigger">
            Annual
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="monthly" className="tabs__content">
          <PlanGrid period="month" />
        </Tabs.Content>
        <Tabs.Content value="annual" className="tabs__content">
          <p className="callout callout--success">Pay annually and get two months free.</p>
          <PlanGrid period="year" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
