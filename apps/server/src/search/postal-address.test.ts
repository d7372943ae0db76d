import { describe, expect, it } from 'vitest';
import { holdsPostalAddress } from './postal-address.ts';

describe('holdsPostalAddress', () => {
  it('finds street addresses as businesses write them', () => {
    for (const text of [
      'Hauptstraße 12, 10115 Berlin. Phone: +49 30 1234567.',
      'Find us at Hauptstr. 12a in Mitte.',
      'Werfhuis, Stadswerf 12, 3011 AB Rotterdam',
      'Trattoria Lume · Via Roma 5, Bologna',
      'Carrer de Mallorca 401, Barcelona',
      'Visit the studio at 14 Elm Street, Norwich.',
      '123 Main St., Springfield, IL 62704',
      'Nous sommes au 12 rue de la Paix, 75002 Paris.',
      'The Old Barn, Crook, Kendal LA8 8LA',
      'Hotel Seeblick\nAm Strom 41\n18119 Rostock-Warnemünde',
    ]) {
      expect(holdsPostalAddress(text), text).toBe(true);
    }
  });

  it('takes no number beside an ordinary word for one', () => {
    for (const text of [
      'Run 2 workers on port 5000, version 1.2.3.',
      'Via the dashboard, in 3 clicks, you can add 5 users.',
      'Place your order in 5 minutes; 3 Road bikes are left.',
      'Step 3: the String 12 is parsed; SHA256 digests follow.',
      'The session starts in 2026 PM Studio, Room 4.',
      '© 2025 Marigold Lane Bakehouse; the 1941 Tannery Lane bombing.',
      'Plan 3 20000 Requests a month; Chapter 12, 10000 words.',
      'Email hello@velocorner.example or call +49 30 1234567.',
    ]) {
      expect(holdsPostalAddress(text), text).toBe(false);
    }
  });
});
