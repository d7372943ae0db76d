import type { BillingUsageResponse, Plan } from '@docent/shared';

const fmt = (n: number) => n.toLocaleString('en-US');

/** One labelled bar: how much of a plan limit the account uses. */
function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const share = Math.min(1, max > 0 ? value / max : 0);
  return (
    <div className="usage-meter">
      <div className="usage-meter__head">
        <span className="usage-meter__label">{label}</span>
        <span className="usage-meter__value">
          {fmt(value)} of {fmt(max)}
        </span>
      </div>
      <meter
        className={`usage-meter__bar${share >= 0.9 ? ' usage-meter__bar--high' : ''}`}
        aria-label={label}
        min={0}
        max={max}
        value={Math.min(value, max)}
      />
    </div>
  );
}

/** The account's use of its plan: chatbots, characters of the fullest bot, messages this month. */
export function UsageMeters({ plan, usage }: { plan: Plan; usage: BillingUsageResponse }) {
  return (
    <section className="card usage" aria-labelledby="usage-title">
      <h2 id="usage-title" className="card__title">
        Your {plan.name} plan
      </h2>
      <div className="usage__meters">
        <Meter label="Chatbots" value={usage.bots} max={plan.maxBots} />
        <Meter
          label="Characters (fullest chatbot)"
          value={usage.max_bot_chars}
          max={plan.maxCharsPerBot}
        />
        <Meter
          label="Messages this month"
          value={usage.messages_this_month}
          max={plan.messagesPerMonth}
        />
      </div>
    </section>
  );
}
