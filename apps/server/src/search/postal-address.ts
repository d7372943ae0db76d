/**
 * A street address as businesses write one on a contact page or in a footer, in the forms
 * Western European and North American addresses take. Each is a street with its house number
 * or a postcode with what a postcode is written with; a number beside an ordinary word is none.
 */

/** Names of streets written as one word with what the street is ("Hauptstraße", "Stadswerf"). */
const STREET_SUFFIX = String.raw`(?:straße|strasse|str\.|weg|gasse|platz|allee|damm|ufer|straat|laan|gracht|plein|kade|singel|vej|gatan|vägen|veien|werf)`;

/** A capitalised word of a name, or the particles Romance street names join theirs with. */
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'’.-]*|de|del|della|delle|dei|di|da|do|dos|das|la|las|los)`;

const ADDRESSES: RegExp[] = [
  // "Hauptstraße 12", "Hauptstr. 12a", "Stadswerf 12": the street, then its number.
  new RegExp(String.raw`\p{Lu}\p{L}*${STREET_SUFFIX}\s+\d{1,4}[a-z]?\b`, 'u'),
  // "Via Roma 5", "Calle Mayor 3", "Carrer de Mallorca 401".
  new RegExp(
    String.raw`\b(?:Via|Viale|Piazza|Piazzale|Corso|Largo|Calle|Carrer|Avenida|Rua|Praça|Plaza)\s+(?:${NAME_WORD}\s+){1,4}\d{1,4}\b`,
    'u',
  ),
  // "14 Elm Street", "123 Main St.", "1 Market Square": the number, a name, what the street is
  // (not a year: "© 2025 Marigold Lane Bakehouse", "the 1941 Tannery Lane bombing").
  /\b(?!(?:1[89]|20)\d\d\b)\d{1,5}[A-Za-z]?,?\s+(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Lane|Ln\.?|Drive|Boulevard|Blvd\.?|Way|Place|Square|Court|Terrace|Row|Crescent|Close|Parade|Quay|Wharf|Walk|Mews|Yard|Gardens)\b/u,
  // "12 rue de la Paix", "3 avenue Foch".
  /\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|boulevard|place|chemin|quai|allée|impasse)\s+\p{L}/iu,
  // A street and its number, then after a comma or on the next line a postcode of five digits
  // and its town ("Am Strom 41, 18119 Rostock"), as German and French addresses end.
  /\p{Lu}\p{Ll}+\s+\d{1,4}[a-z]?(?:,\s*|\s*\n\s*)\d{5}\s+\p{Lu}\p{Ll}+/u,
  // A UK postcode ("NR2 1AB", "LA8 8LA").
  /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u,
  // A Dutch postcode and its town ("3011 AB Rotterdam"); not a time ("2026 PM Session").
  /\b\d{4}\s?(?!AM|PM)[A-Z]{2}\s+\p{Lu}\p{Ll}+/u,
  // A US state and ZIP code after a comma (", IL 62704").
  /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/u,
];

/**
 * Whether a text gives a street address. Every form holds a digit, and most sentences none:
 * they are passed over before the forms are tried (answers score every candidate sentence).
 */
export const holdsPostalAddress = (text: string): boolean =>
  /\d/.test(text) && ADDRESSES.some((r) => r.test(text));
