/**
 * The version of how a text becomes index terms: tokenizing, stop words and stemming
 * (analyzer.ts, irregular-verbs.ts), phrasal verbs' joined forms (compounds.ts), implied terms
 * (implied-terms.ts), compounds' parts (decompound.ts), identifiers' words (identifiers.ts). Raise it with any change to
 * those: a document indexed before keeps its old terms, which a question analysed the new way
 * may no longer meet ("written" was the term `written`, now `write`), so the worker indexes
 * every document of an older version again from its stored chunks (search/reindex.ts).
 *
 * 1: irregular verbs' forms stemmed as their verb.
 * 2: hyphenated words also given closed ("wi-fi" → wifi); telephone numbers and e-mail
 *    addresses give phone, telephone, email, contact (implied-terms.ts).
 * 3: a release number of three parts also gives its line ("1.6.0" → 1.6).
 * 4: a version number written with a "v" is the number ("v1.6" → 1.6, not v1 and 6).
 * 5: a verb in -ify stemmed as its noun in -ification ("verified" → verif, as "verification").
 * 6: "payment" and "shipment" stemmed as their verbs (pai, ship), which Porter keeps apart.
 * 7: a longer number's later groups ("4000 0000 0000 0002") no telephone number.
 * 8: a street address gives address, location, and an e-mail address also address
 *    (implied-terms.ts, postal-address.ts).
 * 9: opening hours give open, close, hours, the days of the week they cover, weekday or
 *    weekend, and week for Monday to Friday (opening-hours.ts); the dates of the year's end
 *    their holidays (holiday-dates.ts).
 * 10: a pronoun's contraction is the pronoun ("I'd" → i, a stop word, not the term `id`).
 */
export const TERMS_VERSION = 10;
