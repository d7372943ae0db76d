import { Code2, Database, type LucideIcon, Palette, Wand2 } from 'lucide-react';
import './how-it-works.css';

const STEPS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Add your content',
    text: 'Crawl your website or sitemap, upload text, PDFs and images, import Q&As or a YouTube video.',
    icon: Database,
  },
  {
    title: 'Train your bot',
    text: 'Review what was collected, remove what you don’t need and train in one click.',
    icon: Wand2,
  },
  {
    title: 'Make it yours',
    text: 'Pick colours, upload your logo and preview the conversation before going live.',
    icon: Palette,
  },
  {
    title: 'Embed anywhere',
    text: 'Paste one script tag into your site and your AI agent starts answering visitors.',
    icon: Code2,
  },
];

export function HowItWorks() {
  return (
    <section className="section section--tint" id="how-it-works" aria-labelledby="how-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">How it works</p>
          <h2 id="how-title" className="section__title">
            From content to live chat in four steps
          </h2>
        </div>
        <ol className="steps">
          {STEPS.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="steps__item">
              <span className="steps__number">{String(i + 1).padStart(2, '0')}</span>
              <span className="steps__icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
