import '../landing/packages.css';
import './billing.css';
import { PLAN_LIST, type PlanId, planFeatures, planOf } from '@docent/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { UsageMeters, useBillingUsage } from '../../features/billing/index.ts';
import { ContactDialog } from '../../features/contact/index.ts';
import { useSession } from '../../lib/session.ts';

function PlanGrid({
  period,
  current,
  onChoose,
}: {
  period: 'month' | 'year';
  current: PlanId | undefined;
  onChoose: (name: string) => void;
}) {
  return (
    <ul className="plans plans--compact">
      {PLAN_LIST.map((plan) => {
        const isCurrent = plan.id === current;
        return (
          <li key={plan.id} className={`plan${isCurrent ? ' plan--featured' : ''}`}>
            {isCurrent && <span className="plan__ribbon">Current plan</span>}
            <h2 className="plan__name">{plan.name}</h2>
            <p className="plan__price">
              <span>AED</span> {period === 'month' ? plan.priceMonthly : plan.priceMonthly * 10}
              <small>/{period}</small>
            </p>
            <ul className="plan__features">
              {planFeatures(plan).map((f) => (
                <li key={f}>
                  <Check size={16} aria-hidden="true" /> {f}
                </li>
              ))}
            </ul>
            {isCurrent ? (
              <Button variant="secondary" block disabled>
                Current plan
              </Button>
            ) : (
              <Button
                block
                onClick={() => onChoose(plan.name)}
                aria-label={`Choose plan: ${plan.name}`}
              >
                Choose plan
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Plans (docs/spec.md §2/§9: Monthly/Annual tabs, AED 250/270/290 a month) from the shared plans
 * table, the account's real plan and usage, and "Choose plan" through the contact popup.
 */
export function BillingPage() {
  const session = useSession();
  const usage = useBillingUsage();
  const [topic, setTopic] = useState<string | undefined>();
  const current = usage.data?.plan;
  const grid = (period: 'month' | 'year') => (
    <PlanGrid period={period} current={current} onChoose={setTopic} />
  );
  return (
    <div className="page">
      <PageHeader title="Billing" description="Your plan, what it includes and what you use." />
      {usage.data ? (
        <UsageMeters plan={planOf(usage.data.plan)} usage={usage.data} />
      ) : (
        <Spinner label="Loading your plan" />
      )}
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
          {grid('month')}
        </Tabs.Content>
        <Tabs.Content value="annual" className="tabs__content">
          <p className="callout callout--success">Pay annually and get two months free.</p>
          {grid('year')}
        </Tabs.Content>
      </Tabs.Root>
      <ContactDialog
        open={topic !== undefined}
        onOpenChange={(open) => !open && setTopic(undefined)}
        initialEmail={session.email ?? ''}
        topic={topic}
      />
    </div>
  );
}
