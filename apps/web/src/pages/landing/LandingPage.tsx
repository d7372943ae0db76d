// The chrome the sections share comes first: their own sheets refine it.
import './landing.css';
import { useRef, useState } from 'react';
import { ContactDialog } from '../../features/contact/index.ts';
import { Benefits } from './Benefits.tsx';
import { Faq } from './Faq.tsx';
import { Footer } from './Footer.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { Industries } from './Industries.tsx';
import { LandingNav } from './LandingNav.tsx';
import { Newsletter } from './Newsletter.tsx';
import { Packages } from './Packages.tsx';
import { Testimonial } from './Testimonial.tsx';

interface ContactState {
  open: boolean;
  email?: string;
  topic?: string;
}

export function LandingPage() {
  const heroEmail = useRef<HTMLInputElement>(null);
  const [contact, setContact] = useState<ContactState>({ open: false });

  const focusHeroEmail = () => {
    const input = heroEmail.current;
    if (!input) return;
    input.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input.focus({ preventScroll: true });
  };
  const openContact = (extra: Omit<ContactState, 'open'> = {}) =>
    setContact({ open: true, ...extra });

  return (
    <div className="landing">
      <LandingNav onGetStarted={focusHeroEmail} onContact={() => openContact()} />
      <main>
        <Hero emailRef={heroEmail} />
        <Industries />
        <HowItWorks />
        <Benefits />
        <Packages onChoose={(topic) => openContact({ topic })} />
        <Testimonial />
        <Faq />
        <Newsletter onSubscribe={(email) => openContact({ email })} />
      </main>
      <Footer onContact={() => openContact()} />
      <ContactDialog
        open={contact.open}
        onOpenChange={(open) => setContact((c) => ({ ...c, open }))}
        initialEmail={contact.email}
        topic={contact.topic}
      />
    </div>
  );
}
