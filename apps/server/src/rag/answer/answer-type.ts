import { AMOUNT, CURRENCY_SIGN } from '../../lib/money.ts';
import { ownHeading } from '../../search/structure.ts';

/**
 * The kind of answer a question asks for, read from its question words, as classic question
 * answering does: "how many / how big / how long / what size / which port / what is the
 * default …" ask for a quantity or a value, "why" for a reason, "what is X" for what X is. A
 * sentence that has that kind of answer in it is a better answer than one that only shares the
 * question's words ("the size of the pool is configurable" for "how big is the pool?").
 */
export type AnswerKind =
  | 'value'
  | 'duration'
  | 'price'
  | 'time'
  | 'reason'
  | 'definition'
  | 'material'
  | 'age'
  | 'person'
  | 'discount';
/** The kinds a question asks for: "why …, and how many …?" asks for both. */
export type AnswerType = ReadonlySet<AnswerKind>;

/**
 * Question phrasings that ask for an amount, a size, a length, a number or a set value (a span
 * of time, an age and a price are kinds of their own, read first).
 */
const VALUE_QUESTION = new RegExp(
  [
    String.raw`\bhow\s+(?:many|much|big|large|small|long|old|far|high|low|fast|slow|deep|wide|tall)\b`,
    String.raw`\b(?:what|which)(?:'s|\s+is|\s+are|\s+was)?\s+(?:the\s+|its\s+|my\s+)?(?:\w+[\s-]+){0,3}?(?:size|number|limit|length|count|amount|port|timeout|duration|status(?:\s+code)?|exit\s+code|code|version|value|percentage|capacity|maximum|minimum|max|min)\b`,
    String.raw`\bby\s+default\b`,
    String.raw`\bdefault\s+(?:\w+\s+){0,2}(?:size|value|limit|length|number|port|timeout)\b`,
  ].join('|'),
  'i',
);
/**
 * A question asking how long something takes or lasts, or how soon or often it happens: "how
 * long before I can pick it up?", "how quickly do I get the money?", "how often …", "does it
 * expire?" (answered by how long it is valid). Any number is no answer to it ("to cone 6
 * (1,220 °C)" for how long a firing takes); a span of time is. Not "how long" asking a thing's
 * length, whose clause ends in "be" or "get" ("How long does my password have to be?", "how
 * long can the file names get?"): that is a value.
 */
const DURATION_QUESTION =
  /\bhow\s+(?:quickly|soon|often)\b|\b(?:expire|run\s+out)\s*\?|\bhow\s+long\b(?![^.?!;,]*\b(?:be|get)\s*(?:[.?!;,]|$))/i;
/**
 * A question about who is old enough: "is he old enough", "too young", "what ages", a child's
 * age given ("my son is 6", "my 14-year-old daughter"). Its answer states ages ("For children
 * aged 7 to 12", "Teens aged 13 to 15 are welcome if …"), not any number ("fired to cone 6").
 */
const AGE_QUESTION =
  /\bold\s+enough\b|\btoo\s+(?:young|old)\b|\bwhat\s+ages?\b|\bage\s+(?:limit|range|group|requirement)s?\b|\bminimum\s+age\b|\b\d{1,2}[-\s]years?[-\s]old\b|\bmy\s+(?:\w+\s+)?(?:son|daughter|child|kid|boy|girl|grandson|granddaughter|nephew|niece)\s+(?:is|turns|will\s+be)\s+\d{1,2}\b/i;
/**
 * A question about what something costs: "how much is / are …", "what does X cost", "the
 * price of …", "any fees?", "the cheapest / more expensive …" (a pricing card's "€60 / month": +1
 * answer over every set, none lost). Its answer is an amount of money (MONEY), not any number: "in
 * 2004" in a dentist's biography is no answer to "How much does an implant cost?". "Charge"
 * only as a business charges ("what would you charge", "a travel charge"), not a battery's ("on
 * one charge"); not "how much do we pay" (a 25% deposit answers it, a share and no price).
 */
const PRICE_QUESTION =
  /\b(?:costs?|prices?|pricing|fees?|cheap(?:er|est)?|expensive)\b|\bhow\s+much\s+(?:is|are|for|extra)\b|\b(?:you|we|they)\s+(?:\w+\s+)?charge\b(?!\s+(?:my|your|our|the)\s+(?:card|account))|\b(?:extra|travel|minimum|delivery|booking|cancellation|additional)\s+charges?\b/i;
/**
 * A question about when something happens or is open: "what time / which days …", "how late
 * / early …", "opening hours", a deadline ("what's the latest I can make changes?", "the
 * cut-off", "by when"), or "when" opening a clause with its verb after it ("When is the
 * bar open?", "and when is it?"). Not "when" introducing a condition ("When I run …, …") nor
 * "when should / would I …", which ask in what case. Over every set it asks 14 of 652
 * questions (one of the documentation's, "When do I have to put curly braces …?", where no
 * sentence states a time); with the Notion timetable read as a table, +1 extractive answer
 * ("What day and time is the Spanish group class …?"), breakfast times with Sunday's.
 */
const TIME_QUESTION =
  /\bwhat\s+(?:time|day|date|hour)s?\b|\bwhich\s+(?:time|day|date|hour)s?\b|\bhow\s+(?:late|early)\b|\b(?:opening|business)\s+hours\b|(?:^|[.?!,;]\s*|\band\s+)when\s+(?:is|are|was|were|does|do|did|can|will)\b|\bdeadlines?\b|\bcut-?offs?\b|\bby\s+when\b|\bthe\s+latest\s+(?:I|we|you|they|one)\b/i;
/**
 * A question about what a thing is made of: "What is the sweater made of?", "What material is
 * the case?", "Which fabrics do you use?". Not "made" elsewhere ("builds made from a checkout",
 * "Where are your products made?"): only "made of / from" closing the question. A product
 * page's sections all carry its name, which is often all the question shares with them: over
 * every set, +2 extractive answers (a shop's sweater and beanie, whose "Materials" section had
 * lost to the page's opening "Tax included."), nothing else changed.
 */
const MATERIAL_QUESTION =
  /\bmade\s+(?:out\s+)?(?:of|from)\s*\?|\b(?:what|which)\s+(?:\w+\s+)?(?:materials?|fabrics?)\b/i;
/**
 * A question asking who: "Who does implants?", "Who should I email about junior courses?", "I
 * spotted a mistake, who do I tell?". Not "who" in a clause ("see who last changed each line",
 * "people who are reading it"): only opening the question or a sentence of it.
 */
const WHO_QUESTION = /(?:^|[.?!,;:]\s*|\b(?:and|so|but|then)\s+)who\b/i;
/**
 * A question about a discount: "do you do a student discount", "Do we get any discount if we
 * book …?", "any concessions?". Its answer is a reduced price or a share off ("£2.50 a month",
 * "10% off", "Subscribers save 10%", "half price"), not a price only: a percentage is no price.
 */
const DISCOUNT_QUESTION = /\b(?:discounts?|concessions?)\b/i;
const REASON_QUESTION =
  /^\s*(?:\S+\s+){0,3}?why\b|\bwhat(?:'s|\s+is)\s+the\s+(?:reason|point|purpose)\b/i;

/**
 * "What is X?", "What are Xs, and …?", "What does X mean?": asks what something is. Not "what
 * is the difference / the default / the best way …", which ask for something else.
 */
const DEFINITION_QUESTION =
  /^\s*what(?:'s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?(?!(?:difference|default|best|point|reason|purpose|use|way|right|correct)\b)[^\s?,]+(?:\s+[^\s?,]+){0,2}?\s*(?:\?|,|$|\s+(?:and|or|for|in|used)\b)|^\s*what\s+does\s+.{1,60}?\s+(?:mean|stand\s+for)\s*\??\s*$/i;

export function answerTypeOf(question: string): AnswerType {
  const kinds = new Set<AnswerKind>();
  if (WHO_QUESTION.test(question)) kinds.add('person');
  if (REASON_QUESTION.test(question)) kinds.add('reason');
  if (TIME_QUESTION.test(question)) kinds.add('time');
  if (DISCOUNT_QUESTION.test(question)) kinds.add('discount');
  else if (PRICE_QUESTION.test(question)) kinds.add('price');
  else if (AGE_QUESTION.test(question)) kinds.add('age');
  else if (DURATION_QUESTION.test(question)) kinds.add('duration');
  else if (VALUE_QUESTION.test(question)) kinds.add('value');
  // "What is it made of?" reads as a definition question too; it asks for the material.
  else if (MATERIAL_QUESTION.test(question)) kinds.add('material');
  else if (DEFINITION_QUESTION.test(question)) kinds.add('definition');
  return kinds;
}

/**
 * A stated value: a number standing as a word of its own ("511", "64 KiB", "2 weeks", "(Default:
 * 1234)") rather than inside a name or a version ("v18.0", "UTF-8", "IPv6", "git-log(1)", "127.0.0.1"), a number word, or a
 * `Default: …` label as reference pages write a setting's value.
 */
const VALUE = new RegExp(
  [
    String.raw`(?:^|[\s,:="']|\s\()[-+]?${CURRENCY_SIGN}?\d+(?:[.,]\d+)?(?![.,]?\d)(?=$|[\s).,;:%'"+]|[KMGT]i?B\b|ms\b|s\b)`,
    String.raw`\b(?:zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|million|half|twice|double)\b`,
    // "one" counts things ("one process", "only one key"), not as a pronoun ("generate one",
    // "the one you use", "one of them", "one can").
    String.raw`(?<!\b(?:a|the|this|that|each|any|every|new|no|which)\s+)\bone\s+(?!(?:of|or|another|can|could|may|might|must|should|will|would|is|was|does)\b)\p{L}`,
    String.raw`\bDefault(?:s\s+to|:)\s`,
  ].join('|'),
  'iu',
);
/**
 * An amount of money ("€9.50", "$12", "20 EUR", "£2,400"), or none asked ("free", "no
 * charge"; not a free trial, which says nothing of the price after it, nor what a compound
 * says is free of something: "step-free showers", "gluten-free pasta").
 */
const MONEY = new RegExp(
  String.raw`${AMOUNT.source}|\bno\s+(?:charge|cost)\b|(?<!-)\bfree\b(?!\s+trial)`,
  'i',
);
/** A share off a price: "15% off", "save 10%", "half price", "a 20% discount". */
const SHARE_OFF =
  /\b\d{1,2}(?:[.,]\d+)?\s?%\s+(?:off|discount|less|cheaper)\b|\bsave\s+(?:up\s+to\s+)?\d{1,2}(?:[.,]\d+)?\s?%|\bhalf[-\s]price\b/i;
/** The months as dates name them, written out or shortened. */
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\b';

/**
 * A time of day ("19:00", "6am", "noon"), a day of the week as timetables write it ("Tuesdays",
 * "Mon – Fri", capitalised: not "sat" or "sun") or a date ("10 December", "March 3",
 * "2027-03-31"); not a span of time: with "60 minutes" counted, a lesson's length answered
 * "What day and time is the class?".
 */
const TIME = new RegExp(
  [
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]m|[AP]M|[ap]\.m\.)(?!\w)`,
    String.raw`\b(?:noon|midday|midnight)\b`,
    String.raw`\b(?:Mon|Tues?|Wed|Thu|Thurs|Fri|Sat|Sun)(?:day)?s?\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}|\b${MONTH}\s+\d{1,2}\b|\b\d{4}-\d{2}-\d{2}\b`,
  ].join('|'),
  'u',
);
/**
 * What a thing is made of, as product pages state it: a composition ("100% Norwegian wool",
 * "50% merino wool, 50% alpaca"; not "50% off", "10% of the price"), "made of / from …", or a
 * label ("Material: oak").
 */
const MATERIAL =
  /(?:^|\s)\d{1,3}(?:[.,]\d+)?\s?%\s+(?!(?:off|of|discount|more|less|faster|slower|cheaper)\b)\p{L}|\bmade\s+(?:out\s+)?(?:of|from)\b|\b(?:materials?|fabrics?)\s*:/iu;
/**
 * A span of time or how often: a unit of time in a sentence stating a value ("7–10 working
 * days", "two to three weeks", "every six months", "Number of seconds to cache credentials
 * (default: 900)"), or a frequency ("weekly", "every other Thursday"). Not "immediately": in
 * reference pages it mostly says when something happens ("return immediately").
 */
const TIME_UNIT =
  /\b(?:(?:milli)?seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|years?|ms)\b/i;
const FREQUENCY =
  /\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|yearly|annually)\b|\bevery\s+(?:other\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;
/**
 * A rate's unit of time after an amount of something else ("8 kg of work a month", "€219 a
 * month", "€45 per hour"): time is what the amount is counted by, not a span the sentence
 * states. "about an hour", "twice a week" and "2 hours a day" keep theirs.
 */
const RATE_UNIT =
  /(?<=\d[^\s.,;:!?]*\s+(?:[\p{L}-]+\s+){0,3}?)(?<!\b(?:once|twice|times)\s+)(?<!\b(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?)\s+)(?:a|an|per)\s+(?:hour|day|night|week|fortnight|month|year)\b/giu;
const statesDuration = (sentence: string) => {
  const spans = sentence.replace(RATE_UNIT, '');
  return (
    (TIME_UNIT.test(spans) && (/\d|\bevery\b/.test(spans) || VALUE.test(spans))) ||
    FREQUENCY.test(sentence)
  );
};

/**
 * Ages stated: "aged 7 to 12", "ages 8–17", "16+", "18 and over", "under-16s", "8 years old",
 * or who may come with a number beside them ("Children under 6 stay free").
 */
const AGE =
  /\b(?:ages?|aged)\s+(?:of\s+)?\d|\b\d{1,2}\s*(?:\+|and\s+(?:over|up|older|under|younger))|\b(?:under|over)[-\s]\d{1,2}s?\b|\b\d{1,2}[-\s]years?[-\s]old\b|\b(?:teens?|teenagers?|adults?|children|kids|juniors?|seniors?|toddlers?|babies|infants?)\b[^.!?]*\d/i;

/**
 * A name as a heading writes it: two to five capitalised words, not shouted ("Dr Tom Reeve",
 * "Priya Nair"), as a team page heads each person's section.
 */
const NAME = /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,4}\p{Lu}[\p{L}'’.-]*$/u;
export const isName = (text: string) => NAME.test(text) && text !== text.toUpperCase();
/** A person named with a title: "Dr Sarah Patel", "Chef Marco". */
const TITLED_NAME = /\b(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Professor|Chef|Coach)\.?\s+\p{Lu}\p{Ll}/u;
/**
 * Who to turn to, as a sentence names them: an email address, a titled name, or a `Name:`
 * label (a contact table's row).
 */
const PERSON = new RegExp(
  String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+|${TITLED_NAME.source}|\bName:\s*\p{Lu}`,
  'u',
);
/** Words that head a page or section of people ("Our team", "Meet the tutors"). */
const PEOPLE =
  /\b(?:team|staff|people|tutors|teachers|instructors|coaches|trainers|practitioners|therapists|dentists|doctors|founders|committee|volunteers|who\s+we\s+are)\b/i;

/**
 * A section headed with a person's name: a name with a title ("Dr Sarah Patel"), or a name
 * under a heading for people ("Meet the Team › Priya Nair"). Not any title-case heading, as
 * documentation writes theirs ("Access Permissions").
 */
function headedByPerson(path: string): boolean {
  const own = ownHeading(path);
  if (!isName(own)) return false;
  return TITLED_NAME.test(own) || PEOPLE.test(path.slice(0, path.length - own.length));
}

/** Connectives that give a reason or a purpose. */
const REASON =
  /\b(?:because|since|so\s+that|in\s+order\s+to|due\s+to|as\s+a\s+result|otherwise|for\s+\w+\s+reasons?|the\s+reason|this\s+(?:is\s+)?(?:why|because)|ensur(?:es?|ing)|prevents?|avoids?|to\s+avoid|to\s+prevent|must|unless|only\s+if)\b/i;

/**
 * A sentence saying what its short subject is, or naming it: "Scalar is a tool that …", "X is
 * not a …", "Such uploads are called Non-Maintainer Uploads (NMU)".
 */
const DEFINITION =
  /^(?:(?:the|an?)\s+)?(?:[^\s.!?]+\s+){0,4}?(?:is|are)\s+(?:not\s+)?(?:an?|the|one|used|meant|designed|intended|called|known\s+as|referred\s+to\s+as)\b/i;

/**
 * Whether a sentence holds a kind of answer asked for. Its section's heading path counts for who
 * is asked: a team page heads each person's sentences with their name.
 */
export function fitsAnswerType(type: AnswerType, sentence: string, heading = ''): boolean {
  return (
    (type.has('person') && (PERSON.test(sentence) || headedByPerson(heading))) ||
    (type.has('value') && VALUE.test(sentence)) ||
    (type.has('duration') && statesDuration(sentence)) ||
    (type.has('price') && MONEY.test(sentence)) ||
    (type.has('discount') && (MONEY.test(sentence) || SHARE_OFF.test(sentence))) ||
    (type.has('time') && TIME.test(sentence)) ||
    (type.has('reason') && REASON.test(sentence)) ||
    (type.has('definition') && DEFINITION.test(sentence)) ||
    (type.has('material') && MATERIAL.test(sentence)) ||
    (type.has('age') && AGE.test(sentence))
  );
}
