import {
  Building2,
  GraduationCap,
  HeartPulse,
  Landmark,
  type LucideIcon,
  Plane,
  ShoppingBag,
  UtensilsCrossed,
  Wrench,
} from 'lucide-react';
import './industries.css';

const INDUSTRIES: { name: string; ask: string; icon: LucideIcon; tone: string }[] = [
  { name: 'E-commerce', ask: 'Where is my order?', icon: ShoppingBag, tone: 'green' },
  { name: 'Healthcare', ask: 'Which clinics are open on Friday?', icon: HeartPulse, tone: 'rose' },
  {
    name: 'Real Estate',
    ask: 'Is the 2-bed in Marina still available?',
    icon: Building2,
    tone: 'amber',
  },
  { name: 'Education', ask: 'When do applications close?', icon: GraduationCap, tone: 'blue' },
  { name: 'Travel', ask: 'Can I change my flight date?', icon: Plane, tone: 'sky' },
  { name: 'Finance', ask: 'What documents do I need?', icon: Landmark, tone: 'violet' },
  {
    name: 'Hospitality',
    ask: 'Do you have a table for four tonight?',
    icon: UtensilsCrossed,
    tone: 'orange',
  },
  { name: 'SaaS & IT', ask: 'How do I reset my API key?', icon: Wrench, tone: 'teal' },
];

export function Industries() {
  return (
    <section className="section" id="industries" aria-labelledby="industries-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">Industries</p>
          <h2 id="industries-title" className="section__title">
            Built for every business that answers questions
          </h2>
          <p className="section__lead">
            From online shops to clinics, teams use Docent to give customers instant, accurate
            answers.
          </p>
        </div>
        <ul className="gallery">
          {INDUSTRIES.map(({ name, ask, icon: Icon, tone }) => (
            <li key={name} className={`gallery__card tone-${tone}`}>
              <div className="gallery__art" aria-hidden="true">
                <Icon size={34} strokeWidth={1.6} />
                <span className="gallery__bubble">{ask}</span>
              </div>
              <h3>{name}</h3>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
