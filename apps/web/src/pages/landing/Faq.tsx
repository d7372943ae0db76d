import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import './faq.css';

const FAQ = [
  {
    q: 'What content can I train my chatbot on?',
    a: 'Your website (a single URL crawl or a sitemap), typed text and .txt files, PDFs, up to 10 images, Q&A pairs entered by hand or imported from a .csv, and YouTube video transcripts.',
  },
  {
    q: 'How do I add the chatbot to my website?',
    a: 'Open Embed & Integrate, copy the script tag and paste it into the <head> of your pages. The chat bubble appears immediately.',
  },
  {
    q: 'Can I change how the chatbot looks?',
    a: 'Yes. Set the header, message, send and icon colours, upload your logo and watch the live preview as you go.',
  },
  {
    q: 'Is my data safe?',
    a: 'Your content is used only to answer your customers. Each bot is private to your account, and you can delete a bot or your whole account at any time.',
  },
];

export function Faq() {
  return (
    <section className="section section--tint" id="faq" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <div className="section__head">
          <p className="eyebrow">FAQ</p>
          <h2 id="faq-title" className="section__title">
            Frequently asked questions
          </h2>
        </div>
        <Accordion.Root type="single" collapsible className="faq" defaultValue="item-0">
          {FAQ.map(({ q, a }, i) => (
            <Accordion.Item key={q} value={`item-${i}`} className="faq__item">
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="faq__trigger">
                    {q}
                    <ChevronDown size={20} aria-hidden="true" className="faq__chevron" />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="faq__content">
                <p>{a}</p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
