import { closedCompounds, stem } from './analyzer.ts';
import { holidayTerms } from './holiday-dates.ts';
import { openingHoursTerms } from './opening-hours.ts';
import { holdsPostalAddress } from './postal-address.ts';

/**
 * A telephone number as businesses write one: an international "+44 (0)1603 555018", a national
 * "01603 555 018" or "(555) 123-4567" (a trunk 0 or an area code in brackets, then groups
 * apart), or the North American "555-123-4567". Dates ("2023-01-15"), ranges ("1998-2004"),
 * addresses and versions with dots ("192.168.0.1"), bare numbers and the later groups of a
 * longer number ("4000 0000 0000 0002", a test card's) are none.
 */
const PHONE =
  /(?<![\p{L}\p{N}+.:/-])(?<!\d[ -])(?:\+\d{1,3}(?:[ -]?\(0\))?(?:[ -]\(?\d{1,5}\)?|\d{1,5})(?:[ -]\d{1,8})*|(?:0\d{1,5}|\(\d{2,5}\))(?:[ -]\d{2,8}){1,4}|\d{3}-\d{3}-\d{4})(?![\p{L}\p{N}.:/-])/gu;
/** An e-mail address. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
/** Digits a telephone number has, at least and at most (E.164 allows 15). */
const PHONE_DIGITS = { min: 7, max: 15 };

const PHONE_TERMS = ['phone', 'telephone', 'contact'].map(stem);
const EMAIL_TERMS = ['email', 'contact', 'address'].map(stem);
const ADDRESS_TERMS = ['address', 'location'].map(stem);

/**
 * A release number of three parts ("1.6.0", "15.2.1"): its release line ("1.6") is what a
 * reader asks about ("since 1.6", "What changed in 15.2?"). Four parts are an address.
 */
const RELEASE = /(?<![\p{L}\p{N}.])v?(\d{1,4}\.\d{1,4})\.\d{1,4}(?![\p{N}]|\.\p{N})/gu;

const isPhone = (match: string) => {
  const digits = match.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
};

/**
 * Terms a text holds without writing them, as index terms beside its own: its hyphened words
 * closed (closedCompounds: "Wi-Fi" as wifi), its release numbers' lines (RELEASE), and what its
 * telephone numbers, e-mail addresses and street addresses are. A contact page or a footer
 * gives "01603 555 018" or "Hauptstraße 12, 10115 Berlin" without the words a customer asks
 * with ("What is your phone number?", "… your email?", "What is your address?", "Where are
 * you located?"), and a number or an address reads as what it is to anyone; an e-mail address
 * is an address too ("What's your email address?" must not find the street's alone). Each is
 * counted once per text. Street addresses, over every set with both engines: the bike shop +1
 * page and +1 answer ("What is your address?" had been "I don't know"), the physiotherapist +1
 * page, nothing else changed; no documentation page but a JSON example holds one. Opening
 * hours and the holidays of the dates they give (opening-hours.ts, holiday-dates.ts) likewise:
 * "Saturday: 10:00 – 18:00" answers "What time do you close on Saturdays?", "Closed on 25 and
 * 26 December" "Are you open on Boxing Day?".
 */
export function impliedTerms(text: string): string[] {
  const out = closedCompounds(text);
  addNew(
    out,
    [...text.matchAll(RELEASE)].map(([, line = '']) => line),
  );
  if ([...text.matchAll(PHONE)].some(([match]) => isPhone(match))) out.push(...PHONE_TERMS);
  if (EMAIL.test(text)) addNew(out, EMAIL_TERMS);
  if (holdsPostalAddress(text)) addNew(out, ADDRESS_TERMS);
  addNew(out, openingHoursTerms(text));
  addNew(out, holidayTerms(text));
  return out;
}

/** Adds the terms `out` does not hold yet ("contact" and "address" are implied twice over). */
function addNew(out: string[], terms: readonly string[]): void {
  for (const t of terms) if (!out.includes(t)) out.push(t);
}
