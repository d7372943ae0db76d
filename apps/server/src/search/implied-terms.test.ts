import { describe, expect, it } from 'vitest';
import { impliedTerms } from './implied-terms.ts';

const PHONE = ['phone', 'telephon', 'contact'];

describe('impliedTerms', () => {
  it('gives a telephone number as businesses write one the words customers ask it with', () => {
    for (const text of [
      'Call us on 01603 555 018.',
      'Phone: +49 381 519 274 0',
      'Tel. +44 (0)1603 555018',
      'Ring (555) 123-4567 or 555-123-4567',
    ]) {
      expect(impliedTerms(text)).toEqual(PHONE);
    }
  });

  it('does not take dates, ranges, versions, addresses or prices for telephone numbers', () => {
    for (const text of [
      'Released 2023-01-15, maintained 1998-2004.',
      'Listen on 192.168.100.200 port 8080, version 1.2.',
      'ISBN 978-3-16-148410-0; Band 2 costs £73.50; open 8:30am – 5:30pm.',
      'Pass 1 2 3 4 5 6 7 8 as arguments, or 2147483647.',
      // A card number's later groups, from a trunk-like 0: no number of their own.
      'Test card 4000 0000 0000 0002 is declined; 4000-0000-0000-0069 has expired.',
    ]) {
      expect(impliedTerms(text)).toEqual([]);
    }
  });

  it('gives a release number of three parts its release line, not an address', () => {
    expect(impliedTerms('Version 1.6.0 (2024-04-20)')).toEqual(['1.6']);
    expect(impliedTerms('Fixed in v2.39.5 and 2.39.2; see 18.20.4.')).toEqual(['2.39', '18.20']);
    expect(impliedTerms('Listen on 192.168.100.200 or 10.0.0.1, not 1.6 or 3.5.')).toEqual([]);
  });

  it('gives a street address the words customers ask where it is with', () => {
    expect(impliedTerms('Hauptstraße 12, 10115 Berlin · hello@velocorner.example')).toEqual([
      'email',
      'contact',
      'address',
      'locat',
    ]);
    expect(impliedTerms('Riverside Dental · 14 Mill Lane, Norwich NR3 1AB')).toEqual([
      'address',
      'locat',
    ]);
    expect(impliedTerms('Hauptstraße 12, 10115 Berlin. Phone: +49 30 1234567')).toEqual([
      ...PHONE,
      'address',
      'locat',
    ]);
  });

  it('gives opening hours and holidays by date the words customers ask about them with', () => {
    // "What time do you close on Saturdays?", "Are you open on Boxing Day?"
    expect(impliedTerms('Saturday: 7:00am – 1:00pm')).toEqual([
      'open',
      'close',
      'hour',
      'saturdai',
      'weekend',
    ]);
    expect(impliedTerms('Opening hours: closed on 26 December.')).toEqual([
      'open',
      'close',
      'hour',
      'box',
      'stephen',
    ]);
  });

  it('gives an e-mail address "email", and hyphened words closed', () => {
    // An e-mail address is an address too: "What's your email address?" asks for it.
    expect(impliedTerms('Write to hello@riverside.example')).toEqual([
      'email',
      'contact',
      'address',
    ]);
    expect(impliedTerms('Free Wi-Fi. Call 0800 123 4567 or mail info@x.example')).toEqual([
      'wifi',
      ...PHONE,
      'email',
      'address',
    ]);
  });
});
