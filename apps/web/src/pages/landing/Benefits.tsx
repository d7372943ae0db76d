import { Clock, Globe2, type LucideIcon, ShieldCheck, TrendingUp, Zap } from 'lucide-react';
import './benefits.css';

const BENEFITS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Instant answers, 24/7',
    text: 'Customers get a reply in seconds, even at 3 a.m. on a holiday.',
    icon: Clock,
  },
  {
    title: 'Fewer support tickets',
    text: 'Resolve up to 70% of routine questions before they reach your team.',
    icon: TrendingUp,
  },
  {
    title: 'Grounded in your content',
    text: 'Answers come from your own pages and documents, with their source.',
    icon: ShieldCheck,
  },
  {
    title: 'Live in minutes',
    text: 'No code and no data science. Paste a script and you’re done.',
    icon: Zap,
  },
  {
    title: 'On-brand everywhere',
    text: 'Your colours, your logo, your tone, on every page of your site.',
    icon: Globe2,
  },
];

export function Benefits() {
  return (
    <section className="section" id="benefits" aria-labelledby="benefits-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">Benefits</p>
          <h2 id="benefits-title" className="section__title">
            Why teams choose Docent
          </h2>
        </div>
        <ul className="benefits">
          {BENEFITS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="benefits__item">
              <span className="benefits__icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
