import { describe, expect, it } from 'vitest';
import { stem } from '../../search/analyzer.ts';
import { createExtractiveEngine, extractAnswer } from './extractive.ts';
import { DONT_KNOW_REPLY } from './replies.ts';
import { textTermSet } from './text.ts';
import type { AnswerEvent, AnswerInput, Passage } from './types.ts';

const bot = { name: 'Helper', agentName: 'Ava', businessName: 'Acme Bikes', basePrompt: '' };

let nextId = 1;
function passage(fields: Partial<Passage> & { text: string }): Passage {
  const id = nextId++;
  return {
    chunkId: id,
    documentId: `doc-${id}`,
    score: 1,
    heading: null,
    question: null,
    title: `Page ${id}`,
    url: `https://acme.example/page-${id}`,
    ...fields,
  };
}

async function collect(input: AnswerInput): Promise<AnswerEvent[]> {
  const out: AnswerEvent[] = [];
  for await (const ev of createExtractiveEngine().answer(input)) out.push(ev);
  return out;
}

const warranty = passage({
  title: 'Warranty',
  url: 'https://acme.example/warranty',
  text: [
    'Acme Bikes was founded in 1998 in Utrecht.',
    'Every frame comes with a lifetime warranty against manufacturing defects.',
    'Components such as brakes and gears are covered for two years.',
    'Our shop is a family business with twelve employees.',
    'The warranty does not cover damage from crashes or normal wear.',
  ].join(' '),
});
const delivery = passage({
  title: 'Delivery',
  url: 'https://acme.example/delivery',
  text: 'We deliver within the Netherlands in three working days. Delivery is free above 500 euros; below that it costs 15 euros.',
});

describe('extractive engine', () => {
  it('answers with the sentences about the question, in reading order, citing the page', async () => {
    const events = await collect({
      bot,
      question: 'What does the warranty cover for frames and brakes?',
      history: [],
      passages: [warranty, delivery],
    });
    const answer = events
      .filter((e) => e.type === 'token')
      .map((e) => e.text)
      .join('');
    expect(answer).toContain('Every frame comes with a lifetime warranty');
    expect(answer).toContain('brakes and gears are covered for two years');
    // Reading order: the frame sentence comes before the brakes sentence, as on the page.
    expect(answer.indexOf('Every frame')).toBeLessThan(answer.indexOf('brakes and gears'));
    expect(answer).not.toContain('founded in 1998');
    expect(answer).not.toContain('twelve employees');
    expect(answer).not.toContain('deliver');
    const sentences = answer.split(/(?<=[.!?])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    const sources = events.find((e) => e.type === 'sources');
    expect(sources).toEqual({
      type: 'sources',
      sources: [
        {
          title: 'Warranty',
          url: 'https://acme.example/warranty',
          chunkId: String(warranty.chunkId),
        },
      ],
    });
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('streams the answer as several word tokens that add up to the whole text', async () => {
    const events = await collect({
      bot,
      question: 'How long does delivery take?',
      history: [],
      passages: [delivery],
    });
    const tokens = events.filter((e) => e.type === 'token');
    expect(tokens.length).toBeGreaterThan(2);
    const whole = extractAnswer({
      bot,
      question: 'How long does delivery take?',
      history: [],
      passages: [delivery],
    });
    expect(tokens.map((t) => t.text).join('')).toBe(whole.text);
    expect(whole.text).toContain('three working days');
  });

  it('returns a stored Q&A answer verbatim when its question matches closely', async () => {
    const qa = passage({
      title: 'Can I return a bike?',
      url: null,
      question: 'Can I return a bike?',
      text: 'Yes. You can return any bike within 30 days, unused, with the receipt. We refund the full price.',
    });
    const { text, passages } = extractAnswer({
      bot,
      question: 'can i return my bike',
      history: [],
      passages: [warranty, qa],
    });
    expect(text).toBe(qa.text);
    expect(passages).toEqual([qa]);
  });

  it('answers from a Q&A pair asked in other words, but not from one about something else', () => {
    const pets = passage({
      title: 'Should I worry about my dog or cat and the flu?',
      url: null,
      question: 'Should I worry about my dog or cat and the flu?',
      text: 'There is no evidence that pets such as dogs or cats spread the flu to people.',
    });
    const ride = passage({
      title: 'How do I book a test ride?',
      url: null,
      question: 'How do I book a test ride?',
      text: 'Book a test ride online; the bike is ready at the shop within a day.',
    });
    const ask = (question: string) =>
      extractAnswer({ bot, question, history: [], passages: [pets, ride] }).text;
    // Four topical words, one ("owners") named differently from the pair ("people").
    expect(ask('Can pets spread the flu to their owners?')).toBe(pets.text);
    // The subject of a short question missing from the pair: a different question.
    expect(ask('How do I book a bike repair?')).toBe(DONT_KNOW_REPLY);
    expect(ask('How do I book a repair?')).toBe(DONT_KNOW_REPLY);
  });

  it("says it doesn't know when no passage is about the question", async () => {
    const events = await collect({
      bot,
      question: 'What is the capital of Australia?',
      history: [],
      passages: [warranty, delivery],
    });
    const answer = events
      .filter((e) => e.type === 'token')
      .map((e) => e.text)
      .join('');
    expect(answer).toBe(DONT_KNOW_REPLY);
    expect(events.find((e) => e.type === 'sources')).toEqual({ type: 'sources', sources: [] });
  });

  it('cites its own page first, then up to four more relevant pages to read', () => {
    const pages = ['Frames', 'Brakes', 'Gears', 'Tyres', 'Saddles', 'Lights'].map((part) =>
      passage({ title: part, text: `${part} of every bike are covered by the warranty.` }),
    );
    const unrelated = passage({ title: 'Jobs', text: 'We are hiring a bike mechanic.' });
    const { text, passages } = extractAnswer({
      bot,
      question: 'Are the brakes covered by the warranty?',
      history: [],
      passages: [pages[0] as Passage, unrelated, ...pages.slice(1)],
    });
    expect(text).toBe('Brakes of every bike are covered by the warranty.');
    expect(passages.map((p) => p.title)).toEqual(['Brakes', 'Frames', 'Gears', 'Tyres', 'Saddles']);
  });

  it("says it doesn't know when retrieval found nothing", () => {
    expect(
      extractAnswer({ bot, question: 'Do you sell helmets?', history: [], passages: [] }).text,
    ).toBe(DONT_KNOW_REPLY);
  });

  it('greets instead of searching when the message has no content words', () => {
    const { text } = extractAnswer({ bot, question: 'Hi!', history: [], passages: [warranty] });
    expect(text).toContain('Ava');
    expect(text).toContain('Acme Bikes');
    const thanks = extractAnswer({
      bot,
      question: 'Thanks!',
      history: [{ question: 'How long does delivery take?', answer: 'Three working days.' }],
      passages: [delivery],
    });
    expect(thanks.text).toMatch(/^You're welcome!/);
    expect(thanks.passages).toEqual([]);
  });

  it('reads a bare follow-up together with the previous question', () => {
    const { text } = extractAnswer({
      bot,
      question: 'and the cost?',
      history: [{ question: 'How long does delivery take?', answer: 'Three working days.' }],
      passages: [warranty, delivery],
    });
    expect(text).toContain('Delivery is free above 500 euros; below that it costs 15 euros.');
  });

  it('answers "Why?" in a conversation from the previous topic, and greets it only without one', () => {
    const returns = passage({
      title: 'Returns',
      text: 'Sale items cannot be returned because they are sold at cost. Other items can be returned within 30 days.',
    });
    const history = [
      { question: 'Can I return sale items?', answer: 'Sale items cannot be returned.' },
    ];
    const why = extractAnswer({ bot, question: 'Why?', history, passages: [returns] });
    expect(why.text).toContain('because they are sold at cost');
    expect(why.passages).toEqual([returns]);
    // Thanks stay thanks; with nothing said before, "Why?" asks nothing to answer from.
    expect(extractAnswer({ bot, question: 'Thanks!', history, passages: [returns] }).text).toBe(
      "You're welcome! Is there anything else I can help you with?",
    );
    expect(
      extractAnswer({ bot, question: 'Why?', history: [], passages: [returns] }).text,
    ).toContain("Hi! I'm Ava");
  });

  it('answers a follow-up that points back from the earlier topic; the same words without pointing back, not', () => {
    const tags = passage({
      title: 'Release tags',
      text: 'A release tag marks one commit for good. To remove a release tag, run tag delete with its name.',
    });
    const history = [{ question: 'How do I mark a release with a tag?', answer: 'Tag it.' }];
    // Its own words ("oops", "typed", "wrong", "version", "remove") are not what the page says:
    // "it" is the release tag the conversation is about.
    const pointing = extractAnswer({
      bot,
      question: 'Oops, I typed the wrong version. How do I remove it?',
      history,
      passages: [tags],
    });
    expect(pointing.text).toContain('To remove a release tag, run tag delete with its name.');
    expect(pointing.passages).toEqual([tags]);
    // The same words without pointing back ask something new: not answered from the old topic.
    const fresh = extractAnswer({
      bot,
      question: 'Oops, I typed the wrong version. How do I remove a typo?',
      history,
      passages: [tags],
    });
    expect(fresh.text).toBe(DONT_KNOW_REPLY);
  });

  it('answers a follow-up naming no topic of its own from the earlier topic', () => {
    const returns = passage({
      title: 'Returns',
      text: 'You can return a bike within 30 days of delivery. Returned bikes must be unused.',
    });
    // "long" is all it says: how long, about returning a bike.
    const { text } = extractAnswer({
      bot,
      question: 'How long do I have?',
      history: [{ question: 'Can I return a bike?', answer: 'Yes.' }],
      passages: [returns],
    });
    expect(text).toContain('within 30 days of delivery');
  });

  it('answers a follow-up naming no topic from a passage on the one earlier topic word', () => {
    const pets = passage({
      title: 'Policies',
      heading: 'Pets',
      text: 'Dogs are welcome in our ground-floor rooms for €15 per night.',
    });
    const parking = passage({ title: 'Getting here', text: 'Parking costs €14 per day.' });
    // "How much does that cost?" asks about the dog, its only topic word, not about any cost.
    const { text } = extractAnswer({
      bot,
      question: 'How much does that cost?',
      history: [{ question: 'Can I bring my dog?', answer: 'Dogs are welcome.' }],
      passages: [parking, pets],
    });
    expect(text).toContain('€15 per night');
    const alone = extractAnswer({
      bot,
      question: 'How much does that cost?',
      history: [{ question: 'Can I bring my dog?', answer: 'Dogs are welcome.' }],
      passages: [parking],
    });
    expect(alone.text).toBe(DONT_KNOW_REPLY);
  });

  it('answers with what a sentence implies: a hyphened word closed, a telephone number', () => {
    const amenities = passage({
      title: 'Amenities',
      text: 'Free Wi-Fi in all rooms. A sauna in the basement.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'Do you have wifi?',
      history: [],
      passages: [amenities],
    });
    expect(text).toContain('Free Wi-Fi in all rooms');
    const contact = passage({
      title: 'Contact',
      text: 'Call us on 01603 555 018. Buses stop outside.',
    });
    const phone = extractAnswer({
      bot,
      question: 'What is your phone number?',
      history: [],
      passages: [contact],
    });
    expect(phone.text).toContain('Call us on 01603 555 018.');
  });

  it("answers with a setting named in code for the setting's words, not a product's name", () => {
    const naming = passage({
      text: 'A new repository starts on a branch called master. Branches are cheap to make.',
    });
    const setting = passage({
      text: 'To pick another name, set init.defaultBranch in your configuration.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I change the default branch?',
      history: [],
      passages: [naming, setting],
    });
    expect(text).toContain('set init.defaultBranch');
    // A product's name is not its parts: "MkDocs" says nothing of docs.
    expect(textTermSet('MkDocs builds the site.')).not.toContain(stem('docs'));
    expect(textTermSet('Set highWaterMark.')).toContain(stem('water'));
  });

  it("answers with the FAQ section whose heading asks the visitor's question", () => {
    const facts = passage({
      title: 'Welcome',
      text: 'Check-in: from 15:00\n\nCheck-out: until 11:00',
    });
    const faq = passage({
      title: 'FAQ',
      heading: 'Frequently asked questions › Can I check in early?',
      text: 'If your room is ready, yes, at no charge. You can leave your luggage with us in any case.',
    });
    const ask = (question: string) =>
      extractAnswer({ bot, question, history: [], passages: [facts, faq] }).text;
    expect(ask('Can I check in early?')).toContain('If your room is ready, yes, at no charge.');
    // Another question about checking in is answered from what its words match.
    expect(ask('What time is check-in?')).toContain('from 15:00');
  });

  it("does not answer from a passage sharing only the site's name with the question", () => {
    const privacy = passage({
      title: 'Privacy | Hotel Seeblick',
      text: 'We process personal data only to handle your booking. Data controller: Hotel Seeblick GmbH.',
    });
    const ask = (siteWide?: ReadonlySet<string>) =>
      extractAnswer({
        bot,
        question: 'Is the hotel wheelchair accessible?',
        history: [],
        passages: [{ ...privacy, ...(siteWide ? { siteWide } : {}) }],
      }).text;
    expect(ask(new Set(['hotel']))).toBe(DONT_KNOW_REPLY);
    // Where "hotel" is not in nearly every passage, it is what the question is about.
    expect(ask()).toContain('Hotel Seeblick GmbH');
  });

  it('strips list markers and caps run-on text', () => {
    const list = passage({
      title: 'Opening hours',
      text: '- Monday to Friday the shop opens at 9:00.\n- Saturday the shop opens at 10:00.\n- Sunday closed.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'When does the shop open on Saturday?',
      history: [],
      passages: [list],
    });
    expect(text).toContain('Saturday the shop opens at 10:00.');
    expect(text).not.toMatch(/^- /m);
    const long = passage({ title: 'Long', text: `Saddles ${'and more saddles '.repeat(80)}` });
    const capped = extractAnswer({ bot, question: 'saddles', history: [], passages: [long] }).text;
    expect(capped.length).toBeLessThanOrEqual(420);
    expect(capped.endsWith('…')).toBe(true);
  });
});

describe('extractive answers that read as answers', () => {
  it('leaves out table-of-contents lines and code, and keeps one coherent run', () => {
    const manual = passage({
      title: 'Member guide',
      text: [
        '6 2.3 Registering as a member .',
        '7 2.4 Registering a second account ..........',
        '',
        'To register as a member, send the signed form to the office. Registering takes a week.',
        '',
        '```\nregister --member --form signed.pdf\n```',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I register as a member?',
      history: [],
      passages: [manual],
    });
    expect(text).toBe(
      'To register as a member, send the signed form to the office. Registering takes a week.',
    );
  });

  it('shows the code block a chosen sentence introduces, after that sentence', () => {
    const install = passage({
      title: 'Installing',
      text: [
        'To install the client on a server, run:',
        '',
        '```\napt install acme-client\n```',
        '',
        'The client starts on boot.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I install the client on a server?',
      history: [],
      passages: [install],
    });
    expect(text).toBe(
      'To install the client on a server, run:\n\n```\napt install acme-client\n```\n\nThe client starts on boot.',
    );
  });

  it('shows the code block a chosen sentence goes on from, before that sentence', () => {
    const branches = passage({
      title: 'Branches',
      // The window handed on starts at the code: the sentence introducing it was left out.
      text: [
        '```\nacme branch --new mybranch\n```',
        '',
        'will create a new branch from the current one and switch to it. Older versions also',
        '',
        '```\nacme branch --new mybranch v1\n```',
        '',
        'and start the branch at the given version.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I create a new branch and switch to it?',
      history: [],
      passages: [branches],
    });
    expect(text).toBe(
      [
        '```\nacme branch --new mybranch\n```',
        'will create a new branch from the current one and switch to it. Older versions also',
        '```\nacme branch --new mybranch v1\n```',
        'and start the branch at the given version.',
      ].join('\n\n'),
    );
  });

  it('shows the code an unfinished sentence leads into, after that sentence', () => {
    const undo = passage({
      title: 'Merging',
      text: 'If a merge goes wrong, you can always return to the state before it with\n\n```\nacme merge --abort\n```\n\nNothing of the merge is kept.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I return to the state before a merge that went wrong?',
      history: [],
      passages: [undo],
    });
    expect(text).toBe(
      'If a merge goes wrong, you can always return to the state before it with\n\n```\nacme merge --abort\n```\n\nNothing of the merge is kept.',
    );
  });

  it('starts with the sentence a chosen one goes on from ("That is, …")', () => {
    const bare = passage({
      title: 'Repositories',
      text: 'Backups run every night. A bare repository has no working files. That is, the folder holds only the history of the project. Bare repositories are made for servers.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'Does the folder hold only the history of the project?',
      history: [],
      passages: [bare],
    });
    expect(text.startsWith('A bare repository has no working files. That is, the folder')).toBe(
      true,
    );
  });

  it('does not start inside the line of a parameter before the one answering', () => {
    const options = passage({
      title: 'Pool options',
      text: [
        'size <number> The size of the pool in bytes. It is rounded up to a page. Default: 8192.',
        'limit <number> How many items the pool holds at most. Default: 64.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How many items does the pool hold at most by default?',
      history: [],
      passages: [options],
    });
    expect(text).toBe(
      'size <number> The size of the pool in bytes. It is rounded up to a page. Default: 8192.\nlimit <number> How many items the pool holds at most. Default: 64.',
    );
  });

  it('does not stop inside the line of the parameter answering', () => {
    const limit = passage({
      title: 'Pool options',
      text: 'limit <number> How many items the pool holds at most. Items past it are dropped. Default: 64.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How many items does the pool hold at most?',
      history: [],
      passages: [limit],
    });
    expect(text).toBe(limit.text);
  });

  it("is not a line of bare option names that share the question's words", () => {
    const allowed = passage({
      title: 'Environment',
      text: 'Options allowed in the environment:\n--legacy-tls --legacy-ciphers --old-server',
    });
    const described = passage({
      title: 'Protocol versions',
      text: 'Set the lowest protocol version to the legacy one, for old servers and ciphers.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How do I reach a legacy server with old ciphers?',
      history: [],
      passages: [allowed, described],
    });
    expect(text).toBe(described.text);
  });

  it('sets its sentences apart as the page does: paragraphs, list items, wrapped lines', () => {
    const hooks = passage({
      title: 'Hooks',
      // The first sentence wrapped over two lines, as a PDF's layout leaves it.
      text: [
        'Hooks run before and after each step',
        'of a build.',
        '',
        '- before-build: Runs before the build starts.',
        '- after-build: Runs when the build has finished.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'Which hooks run before and after the build?',
      history: [],
      passages: [hooks],
    });
    expect(text).toBe(
      'Hooks run before and after each step of a build.\n\nbefore-build: Runs before the build starts.\nafter-build: Runs when the build has finished.',
    );
  });

  it('keeps short typed lines apart: they are lines, not a sentence the layout wrapped', () => {
    const hours = passage({
      title: 'Sunny Paws',
      heading: 'Opening hours',
      text: 'Monday to Friday 8am - 6pm\nSaturday 9am - 4pm\nSunday closed',
    });
    const { text } = extractAnswer({
      bot,
      question: 'Are you open on Sunday?',
      history: [],
      passages: [hours],
    });
    expect(text.split('\n')).toContain('Sunday closed');
  });

  it('answers in whole sentences from text whose lines a layout wrapped (a PDF)', () => {
    const upgrades = passage({
      title: 'Upgrades',
      text: [
        'Yes, but it is a one way process. You can go from stable to testing to unstable. But the reverse',
        'direction is not possible. So be sure before you upgrade to unstable.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'Can I go from stable to unstable and back again?',
      history: [],
      passages: [upgrades],
    });
    expect(text).toContain('But the reverse direction is not possible.');
  });

  it("answers from a table's row the question names, each row on its own line", () => {
    // Rows as extraction writes them, each with its header cells (ingest/extract/html-blocks.ts).
    const prices = passage({
      title: 'Repairs',
      heading: 'Prices',
      text: [
        'Service: Flat tyre repair | Price: €15 plus tube | Time: 20 minutes',
        'Service: Basic service | Price: €59 | Time: 1 day',
        'Service: Full service | Price: €119 | Time: 2 days',
        'Service: E-bike diagnostics | Price: €35 | Time: 1 day',
        'Service: Brake pads | Price: €25 per wheel | Time: 30 minutes',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much does a full service cost?',
      history: [],
      passages: [prices],
    });
    const rows = text.split('\n');
    expect(rows).toContain('Service: Full service | Price: €119 | Time: 2 days');
    // The column labels every row repeats do not make every row an answer.
    expect(rows.length).toBeLessThanOrEqual(2);
  });

  it('answers "how far ahead" from what its section says, those words asking only for a span', () => {
    const scheduling = passage({
      title: 'Sending messages',
      heading: 'Sending messages › Scheduling messages',
      text: 'To send a message later, set scheduled_at to a timestamp. It must be at least 5 minutes and at most 35 days in the future.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How far ahead can I schedule an SMS?',
      history: [],
      passages: [scheduling],
    });
    expect(text).toContain('at most 35 days in the future');
  });

  it('answers from the row its first cell keys, as a definition the question names', () => {
    const codes = passage({
      title: 'Errors',
      heading: 'Errors › Delivery error codes',
      text: [
        'These codes describe why a message that was accepted was not delivered. They appear in the error_code field of the message and in message.failed webhooks.',
        [
          'Code: 2001 | Type: carrier_rejected | Meaning: The carrier refused the message.',
          'Code: 2002 | Type: invalid_number | Meaning: The number does not exist.',
          'Code: 2003 | Type: blocked | Meaning: The recipient opted out.',
          'Code: 2005 | Type: handset_unreachable | Meaning: The handset is switched off or out of coverage.',
          'Code: 2007 | Type: number_inactive | Meaning: The number is no longer in service.',
        ].join('\n'),
      ].join('\n\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'A message failed with error 2005. What does that mean?',
      history: [],
      passages: [codes],
    });
    // Its own row, not the table's introduction sharing more of the question's words.
    expect(text).toBe(
      'Code: 2005 | Type: handset_unreachable | Meaning: The handset is switched off or out of coverage.',
    );
  });

  it("reads a comparison table's row by the column asked about, not another column's price", () => {
    const compare = passage({
      title: 'Rooms',
      heading: 'Rooms › Compare rooms',
      text: [
        'Balcony | Harbour Double: No | Sea View Double: Yes | Family Suite: Yes',
        'Extra bed possible | Harbour Double: No | Sea View Double: Yes, €25 per night | Family Suite: Included',
      ].join('\n'),
    });
    const suite = passage({
      title: 'Rooms',
      heading: 'Rooms › Family Suite',
      text: '- up to 4 guests\n- Two bedrooms and a kitchenette\n\nfrom €169 per night',
    });
    const { text } = extractAnswer({
      bot,
      question: 'What does the family suite cost per night?',
      history: [],
      passages: [compare, suite],
    });
    expect(text).toContain('from €169 per night');
  });

  it('answers "which …?" with the name its section is headed with, not only what follows it', () => {
    const member = (name: string, text: string) =>
      passage({ title: 'Our team', heading: `Our team › ${name}`, text });
    const team = [
      member('Dr Tom Reeve', 'Associate dentist, provides Invisalign and children’s dentistry.'),
      member('Dr Sarah Patel', 'Principal dentist with a special interest in implants.'),
    ];
    const ask = (question: string) =>
      extractAnswer({ bot, question, history: [], passages: team }).text;
    expect(ask('Which dentist does Invisalign?')).toBe(
      'Dr Tom Reeve: Associate dentist, provides Invisalign and children’s dentistry.',
    );
    // Not for a question asking something else of the section.
    expect(ask('Does anyone provide Invisalign?')).toBe(
      'Associate dentist, provides Invisalign and children’s dentistry.',
    );
  });

  it('answers a discount question with the reduced price, not a sentence only naming discounts', () => {
    const offers = passage({
      title: 'Membership',
      heading: 'Membership › Offers',
      text: 'The first-month offer is only for the standard plan. Student and concession rates are already discounted and are not combined with other offers.',
    });
    const rates = passage({
      title: 'Concessions',
      heading: 'Concessions › Rates',
      text: [
        "Rate: Student | Who it's for: Anyone in full-time education | Price: £2.50 a month",
        "Rate: Over-75s | Who it's for: Readers aged 75 and over | Price: £10 a month",
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'do you do a student discount',
      history: [],
      passages: [offers, rates],
    });
    expect(text).toContain('£2.50 a month');
  });

  it('answers "who …?" with a person or an address, not the passage about the thing asked of', () => {
    const implants = passage({
      title: 'Treatments',
      heading: 'Treatments › Implants',
      text: 'Implants: An implant replaces a missing tooth with a titanium post and a crown. Treatment usually takes three to six months from the first visit.',
    });
    const patel = passage({
      title: 'Our team',
      heading: 'Our team › Dr Sarah Patel',
      text: 'Principal dentist. Qualified at King’s College London in 2004; special interest in implants.',
    });
    const ask = (question: string, passages: Passage[]) =>
      extractAnswer({ bot, question, history: [], passages }).text;
    expect(ask('Who does implants?', [implants, patel])).toContain('Dr Sarah Patel');
    const courses = passage({
      title: 'Junior sailing',
      heading: 'Junior sailing › Junior courses',
      text: [
        'Course | Ages | Dates | Member price',
        'Course: Cadets | Ages: 8–11 | Dates: 3–7 August | Member price: £120',
      ].join('\n'),
    });
    const contacts = passage({
      title: 'Contact',
      heading: 'Contact',
      text: [
        'Role: Commodore | Name: Helen Trevail | Email: commodore@club.example',
        'Role: Junior Coordinator | Name: Priya Nankervis | Email: juniors@club.example',
      ].join('\n'),
    });
    expect(ask('Who should I email about junior courses?', [courses, contacts])).toContain(
      'juniors@club.example',
    );
  });

  it('answers with the one row asked about when no other row adds to it', () => {
    const hours = passage({
      title: 'Contact',
      heading: 'Opening hours',
      text: [
        'Day: Monday – Friday | Shop: 10:00 – 19:00 | Workshop: 9:00 – 18:00',
        'Day: Saturday | Shop: 10:00 – 16:00 | Workshop: closed',
        'Day: Sunday | Shop: closed | Workshop: closed',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'When are you open on Saturday?',
      history: [],
      passages: [hours],
    });
    expect(text).toBe('Day: Saturday | Shop: 10:00 – 16:00 | Workshop: closed');
  });

  it('answers with a phone number or a price, though the sentence is mostly digits', () => {
    const contact = passage({
      title: 'Contact',
      text: 'Main Street 12, 10115 Berlin. Phone: +49 30 1234567. Email: hello@shop.example',
    });
    const { text } = extractAnswer({
      bot,
      question: 'What is your phone number?',
      history: [],
      passages: [contact],
    });
    expect(text).toContain('Phone: +49 30 1234567.');
  });

  it('answers with a value set on a line of its own, without a letter: a phone number, a price', () => {
    // A site builder's footer and card: the label in one element, the value in the next.
    const footer = passage({
      title: 'Casa Barro',
      heading: 'Contact',
      text: '+351 213 460 782\n\nola@casabarro.pt\n\nInstagram',
    });
    const phone = extractAnswer({
      bot,
      question: 'What is your phone number?',
      history: [],
      passages: [footer],
    });
    expect(phone.text).toContain('+351 213 460 782');
    const card = passage({
      title: 'Classes',
      heading: 'Wheel course',
      text: '€320\n\nSix weekly sessions of 2.5 hours on the wheel.',
    });
    const price = extractAnswer({
      bot,
      question: 'How much is the wheel course?',
      history: [],
      passages: [card],
    });
    expect(price.text).toContain('€320');
  });

  it('does not end on a sentence introducing code too long to show', () => {
    const longCode = Array.from({ length: 20 }, (_, i) => `restore --step ${i}`).join('\n');
    const backups = passage({
      title: 'Backups',
      text: `Backups are kept for thirty days. To restore a backup, use the following:\n\n\`\`\`\n${longCode}\n\`\`\``,
    });
    const { text } = extractAnswer({
      bot,
      question: 'How long are backups kept?',
      history: [],
      passages: [backups],
    });
    expect(text).toBe('Backups are kept for thirty days.');
  });

  it('goes on with running text about what it says, not with a sentence about something else', () => {
    const rendering = passage({
      title: 'Rendering',
      text: [
        'Acme Pages renders templates on the server.',
        'Every render of a template reuses its compiled form, so the template file is read once.',
        'The compiled form stays in memory until the server restarts.',
        'Our office is in Leeds.',
      ].join(' '),
    });
    const { text } = extractAnswer({
      bot,
      question: 'Is a template file read again on every render?',
      history: [],
      passages: [rendering],
    });
    // The third sentence shares none of the question's words, but goes on about the compiled form.
    expect(text).toBe(
      'Acme Pages renders templates on the server. Every render of a template reuses its compiled form, so the template file is read once. The compiled form stays in memory until the server restarts.',
    );
  });

  it('does not take in a paragraph of its own that adds nothing, however short the answer', () => {
    const shipping = passage({
      title: 'Shipping',
      text: 'Delivery takes three working days within Germany.\n\nOur team meets every Friday for a ride along the river.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How long does delivery take?',
      history: [],
      passages: [shipping],
    });
    expect(text).toBe('Delivery takes three working days within Germany.');
  });

  it("answers with a dish's price and the description above it, a fragment reading with it", () => {
    const dish = passage({
      title: 'Menu',
      heading: 'Menu › Pizza › Margherita',
      text: 'Tomato, mozzarella, basil\n\n€9.50 vegetarian',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much is the Margherita?',
      history: [],
      passages: [dish],
    });
    expect(text).toBe('Tomato, mozzarella, basil\n\n€9.50 vegetarian');
  });

  it("reads on along an event's line to its price, though the sentences between add nothing", () => {
    const events = passage({
      title: 'Workshops',
      heading: 'Workshops › Upcoming',
      text: [
        'Winter Table Centrepiece',
        'Build a long, low table arrangement with hellebores and winter greenery. Two and a half hours. £65 per person.',
        'Valentine Bouquet',
        'Learn the spiral hand-tie and take home a bouquet of tulips and anemones. Two hours. £70 per person.',
        'Read more',
      ].join('\n\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much is the Valentine bouquet workshop?',
      history: [],
      passages: [events],
    });
    expect(text).toBe(
      'Valentine Bouquet\n\nLearn the spiral hand-tie and take home a bouquet of tulips and anemones. Two hours. £70 per person.',
    );
  });

  it("answers from a page's own question with what follows it, and does not end on one unanswered", () => {
    const reset = passage({
      title: 'Resetting your password',
      heading: 'Resetting your password',
      text: [
        'Go to the sign-in page and click Forgot password.',
        'Enter the email address you signed up with.',
        'Open the email we send you and click the link within 60 minutes.',
        'Choose a new password of at least 12 characters.',
        "Didn't get the email? Check your spam folder. Emails come from no-reply@tallyo.example.",
      ].join('\n'),
    });
    const asked = extractAnswer({
      bot,
      question: "What if the password reset email doesn't arrive?",
      history: [],
      passages: [reset],
    });
    expect(asked.text).toContain("Didn't get the email? Check your spam folder.");
    const classes = passage({
      title: 'Classes',
      heading: 'Classes › Cancelling',
      text: 'Cancel at least 12 hours before the class starts. Late cancellations lose the class from their pass. Class full? Join the waitlist in the app.',
    });
    const late = extractAnswer({
      bot,
      question: 'What happens with a late cancellation?',
      history: [],
      passages: [classes],
    });
    expect(late.text).toBe(
      'Cancel at least 12 hours before the class starts. Late cancellations lose the class from their pass.',
    );
  });

  it("answers from a table row saying what is asked, not from one sharing only its columns' labels", () => {
    const timetable = passage({
      title: 'Lessons',
      heading: 'Lessons › Group class timetable',
      text: [
        'Class: Spanish for Beginners | Level: A1 | When: Tuesdays at 19:00',
        'Class: French Conversation | Level: B1 | When: Thursdays at 18:30',
      ].join('\n'),
    });
    const test = passage({
      title: 'Getting started',
      heading: 'Getting started › The placement test',
      text: 'The placement test tells us your starting level. The test takes about 15 minutes.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much time should I set aside for the level test before my first class?',
      history: [],
      passages: [timetable, test],
    });
    expect(text).toContain('The test takes about 15 minutes.');
    expect(text).not.toContain('Spanish');
    const when = extractAnswer({
      bot,
      question: 'What day is the Spanish class for beginners?',
      history: [],
      passages: [timetable, test],
    });
    expect(when.text).toBe('Class: Spanish for Beginners | Level: A1 | When: Tuesdays at 19:00');
  });

  it('answers from the section headed with the hyphenated name the question asks about', () => {
    // Hooks documented one to a section, each headed with its name: the question's pre-commit
    // hook, not the one whose section mentions it most.
    const hook = (name: string, text: string) =>
      passage({ title: 'Hooks', heading: `Hooks › ${name}`, text });
    const { text } = extractAnswer({
      bot,
      question: 'Can I skip my pre-commit hook?',
      history: [],
      passages: [
        hook(
          'pre-merge-commit',
          'The default pre-merge-commit hook runs the pre-commit hook, if that hook is enabled.',
        ),
        hook(
          'pre-commit',
          'This hook is invoked by git commit, and can be bypassed with --no-verify.',
        ),
      ],
    });
    expect(text).toBe('This hook is invoked by git commit, and can be bypassed with --no-verify.');
  });

  it('answers where the business is from its street address, and its e-mail from the e-mail', () => {
    const contact = passage({
      title: 'Contact',
      text: 'We are happy to help with any question about your bike.\n\nHauptstraße 12, 10115 Berlin\n\nhello@velocorner.example',
    });
    const ask = (question: string) =>
      extractAnswer({ bot, question, history: [], passages: [contact] }).text;
    // The e-mail address, next to the street's, may join the answer.
    expect(ask('What is your address?')).toMatch(/^Hauptstraße 12, 10115 Berlin/);
    expect(ask('Where are you located?')).toMatch(/^Hauptstraße 12, 10115 Berlin/);
    expect(ask("What's your email address?")).toContain('hello@velocorner.example');
  });

  it('answers opening hours for the day asked about, and a holiday by its date', () => {
    const ordering = passage({
      heading: 'Order online',
      text: 'Pick up your order at the counter. Online ordering opens at 6:30 AM on days we are open.',
    });
    const hours = passage({
      heading: 'Store hours',
      text: 'Tue–Fri 7am–6pm\nSat 7am–4pm\nSun 8am–2pm\nClosed Mondays',
    });
    const holidays = passage({
      heading: 'Holidays',
      text: 'We take a short break over the holidays: closed on 25 and 26 December.',
    });
    const ask = (question: string, passages: Passage[]) =>
      extractAnswer({ bot, question, history: [], passages }).text;
    // The hours lines never say "open", nor "Sunday" or "Wednesday", nor "Boxing Day".
    expect(ask('Are you open on Sundays?', [ordering, hours])).toContain('Sun 8am–2pm');
    expect(ask('Are you open on Wednesdays?', [ordering, hours])).toContain('Tue–Fri 7am–6pm');
    expect(ask('are you guys open mondays?', [ordering, hours])).toContain('Closed Mondays');
    expect(ask('Are you open on Boxing Day?', [holidays, ordering])).toBe(
      'We take a short break over the holidays: closed on 25 and 26 December.',
    );
    // Every row of an hours table implies "open": the day's row answers, not the week's.
    const table = passage({
      heading: 'Opening hours',
      text: 'Day: Monday – Friday | Hours: 7:30 – 17:00\nDay: Saturday | Hours: 8:30 – 17:00\nDay: Sunday | Hours: 9:30 – 15:00',
    });
    expect(ask('Are you open on Sundays?', [table])).toBe('Day: Sunday | Hours: 9:30 – 15:00');
  });

  it("leaves out a button's call to action next to the answer", () => {
    const lessons = passage({
      title: 'Lessons',
      text: 'Lessons run Tuesday to Saturday between 10:00 and 17:00.\n\nBook a lesson',
    });
    const { text } = extractAnswer({
      bot,
      question: 'What days do lessons run?',
      history: [],
      passages: [lessons],
    });
    expect(text).toBe('Lessons run Tuesday to Saturday between 10:00 and 17:00.');
  });

  it('goes on to the lines a sentence it ends on introduces', () => {
    const shops = passage({
      title: 'The print edition',
      heading: 'Buying a single copy',
      text: 'Not a member? Single copies cost £3.20 from these stockists on publication day:\n\nPell’s Newsagents, Quay Street\nSaltmarsh Stores, Saltmarsh End\n\nThe paper is printed on recycled newsprint.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much is one copy if I buy it in a shop?',
      history: [],
      passages: [shops],
    });
    expect(text).toBe(
      'Not a member? Single copies cost £3.20 from these stockists on publication day:\n\nPell’s Newsagents, Quay Street\nSaltmarsh Stores, Saltmarsh End',
    );
  });

  it('does not reach into another paragraph for a number a value question asks for', () => {
    const cpus = passage({
      title: 'OS',
      heading: 'os.cpus()',
      text: [
        'On Windows, the nice values of all processors are always 0.',
        'The length of os.cpus() should not be used to decide how much work to run at once. Use os.availableParallelism() for this purpose.',
      ].join('\n\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How many workers should I run instead of the length of os.cpus()?',
      history: [],
      passages: [cpus],
    });
    expect(text).toBe(
      'The length of os.cpus() should not be used to decide how much work to run at once. Use os.availableParallelism() for this purpose.',
    );
  });

  it('answers "how much does it cost" from a price its section gives without the word', () => {
    // "cost" and "price" are how the question asks for an amount, as "much" is.
    const pro = passage({
      title: 'Pricing',
      heading: 'Pricing › Pro',
      text: '$12 /month\n\n- Unlimited meetings\n- 30 languages',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much does the Pro plan cost?',
      history: [],
      passages: [pro],
    });
    expect(text).toContain('$12 /month');
  });

  it("answers a price question with a price list's line over a better-ranked line defining it", () => {
    const team = passage({
      title: 'Our team',
      heading: 'Our team › Dr Sarah Patel',
      text: 'Qualified at King’s College London in 2004; special interest in implants.',
    });
    const treatments = passage({
      title: 'Treatments',
      text: 'Implants: An implant replaces a missing tooth with a titanium post and a crown.',
    });
    const fees = passage({
      title: 'Fees',
      heading: 'Fees › Private price list',
      text: '- Home whitening £295\nCustom trays and gel\n- Single implant from £2,400',
    });
    const { text } = extractAnswer({
      bot,
      question: 'How much does an implant cost?',
      history: [],
      passages: [team, treatments, fees],
    });
    expect(text).toContain('Single implant from £2,400');
  });

  it('does not go on with a parameter line sharing a word with it, only with running text', () => {
    const retries = (next: string) =>
      passage({
        title: 'Uploads',
        text: [
          'A failed upload is retried three times.',
          'Each retry comes after a delay twice as long as the one before.',
          next,
        ].join('\n'),
      });
    const answer = (next: string) =>
      extractAnswer({
        bot,
        question: 'How many retries does a failed upload get?',
        history: [],
        passages: [retries(next)],
      }).text;
    expect(answer('- delay <number> The first delay, in seconds. Default: 5.')).not.toContain(
      'The first delay',
    );
    expect(answer('The first delay lasts five seconds.')).toContain('The first delay');
  });
});

describe('an extract keeps a definition together', () => {
  it("grows through the rest of the best sentence's own line before the lines around it", () => {
    const options = passage({
      title: 'Sync options',
      text: [
        '- uploads <Object> Uploads wait for the next sync. They keep their place when a sync fails.',
        '- retries <number> How often a failed upload is tried again. Default: 3.',
        '- timeout <number> Seconds before a failed upload is given up.',
      ].join('\n'),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How often is a failed upload tried again?',
      history: [],
      passages: [options],
    });
    expect(text).toContain('How often a failed upload is tried again. Default: 3.');
  });
});

describe('a definition the question names', () => {
  it('is answered from, though a passage ranked higher shares more of the question', () => {
    const overview = passage({
      title: 'Sync',
      text: 'Running sync uploads every changed photo to the cloud and removes deleted photos from your albums.',
    });
    const options = passage({
      title: 'Sync options',
      text: [
        '--dry-run: Lists what would be sent, without sending anything.',
        '--force: Sends every photo again, even when it is unchanged.',
      ].join('\n'),
    });
    const { text, passages } = extractAnswer({
      bot,
      question: 'Does sync --dry-run upload anything?',
      history: [],
      passages: [overview, options],
    });
    expect(text).toContain('Lists what would be sent, without sending anything.');
    expect(passages[0]).toBe(options);
  });

  it('is not preferred for naming a common word', () => {
    const overview = passage({
      title: 'Albums',
      text: 'An album keeps its photos in the order you move them into it.',
    });
    const options = passage({
      title: 'Album settings',
      text: 'move: Places a photo in another album.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'In what order are photos I move into an album shown?',
      history: [],
      passages: [overview, options],
    });
    expect(text).toContain('An album keeps its photos in the order you move them into it.');
  });
});

describe('the section an API reference heads with the name asked about', () => {
  // A reference page: each function a section, its heading the function's signature. The
  // section's prose says what the function does without repeating its name; another section
  // mentions the name in passing, with more of the question's words.
  const measure = passage({
    title: 'Timing',
    heading: 'Timing › timer.measure(name[, start])',
    text: [
      'Added in: v2.1.0',
      '- name <string>',
      'Stores a measurement named name. Without start, the measured time runs from when timer.now() was first called in the process to now.',
    ].join('\n'),
  });
  const now = passage({
    title: 'Timing',
    heading: 'Timing › timer.now()',
    text: [
      'Added in: v2.0.0',
      '- Returns: <number>',
      'The milliseconds elapsed since the process started.',
    ].join('\n'),
  });

  it('is answered from its prose, not its metadata, though another section names it more', () => {
    const { text, passages } = extractAnswer({
      bot,
      question: 'When does timer.now() start counting time?',
      history: [],
      passages: [measure, now],
    });
    expect(text).toContain('The milliseconds elapsed since the process started.');
    expect(text).not.toContain('Added in');
    expect(passages[0]).toBe(now);
  });

  it('is not preferred when the question names no function', () => {
    const { text } = extractAnswer({
      bot,
      question: 'When does the timer start counting the measured time?',
      history: [],
      passages: [measure, now],
    });
    expect(text).toContain('Stores a measurement named name.');
  });
});

describe('which passage an extract comes from', () => {
  it('keeps to the better-ranked passage unless a lower one shares clearly more of the question', () => {
    // The second passage's sentence has every word of the first's and one more, "long", which
    // most sentences here share: not enough to outrank what retrieval put first.
    const first = passage({
      text: 'Frames carry a warranty of ten years. Shipping takes long in winter. Paint takes long to dry.',
    });
    const second = passage({
      text: 'The warranty on frames lasts long. Assembly takes long for tandems. Repairs take long in spring.',
    });
    const { text, passages } = extractAnswer({
      bot,
      question: 'How long is the warranty on frames?',
      history: [],
      passages: [first, second],
    });
    expect(text).toContain('Frames carry a warranty of ten years.');
    expect(passages[0]).toBe(first);
  });
});

describe('sources of an extractive answer', () => {
  it('lists five places to read, however many relevant passages come from one page', () => {
    const page = (n: number) => ({
      documentId: `tyres-${n}`,
      title: `Tyres ${n}`,
      url: `https://acme.example/tyres-${n}`,
    });
    // Three passages of the first page, then one of each of five other pages, all relevant.
    const passages = [
      ...[1, 2, 3].map((i) =>
        passage({ ...page(0), text: `Tubeless tyres need sealant, part ${i} of the guide.` }),
      ),
      ...[1, 2, 3, 4, 5].map((n) =>
        passage({ ...page(n), text: `Tubeless tyres and sealant, as model ${n} uses them.` }),
      ),
    ];
    const { passages: sources } = extractAnswer({
      bot,
      question: 'Do tubeless tyres need sealant?',
      history: [],
      passages,
    });
    expect(sources.map((p) => p.documentId)).toEqual([
      'tyres-0',
      'tyres-1',
      'tyres-2',
      'tyres-3',
      'tyres-4',
    ]);
  });
});

describe('passages found by meaning (dense retrieval)', () => {
  const cars = passage({
    title: 'Our vehicles',
    text: 'A car costs 20000 euros. Delivery to your door is included. We also rent bikes.',
  });
  const ask = (similarity: number | undefined, minSimilarity?: number) =>
    extractAnswer(
      {
        bot,
        question: 'What is the automobile price?',
        history: [],
        passages: [{ ...cars, ...(similarity !== undefined ? { similarity } : {}) }],
      },
      minSimilarity,
    );

  it('answers from the opening of a passage close in meaning though no word matches', () => {
    const { text, passages } = ask(0.8);
    expect(text).toContain('A car costs 20000 euros.');
    expect(passages.map((p) => p.title)).toEqual(['Our vehicles']);
  });

  it('does not know when the passage is not close enough, or has no similarity at all', () => {
    expect(ask(0.3).text).toBe(DONT_KNOW_REPLY);
    expect(ask(undefined).text).toBe(DONT_KNOW_REPLY);
    expect(ask(0.8, 0.9).text).toBe(DONT_KNOW_REPLY);
  });
});

describe('a parameter list in an API reference', () => {
  it('answers from the item the question names, through to its Default value', () => {
    const overview = passage({
      title: 'Upload hooks',
      text: 'Each upload runs a shell command when it finishes, in the folder of the upload.',
    });
    const parameters = passage({
      title: 'Upload hooks',
      heading: 'hooks.run(command[, options])',
      text: [
        '- cwd <string> Folder the command runs in. Default: the upload folder.',
        "- shell <string> Shell that runs the command. Default: '/bin/sh'.",
        '- timeout <number> Seconds before the command is stopped.',
      ].join('\n'),
    });
    const { text, passages } = extractAnswer({
      bot,
      question: 'What shell runs the upload command?',
      history: [],
      passages: [overview, parameters],
    });
    expect(text).toContain("Shell that runs the command. Default: '/bin/sh'.");
    expect(passages[0]).toBe(parameters);
  });
});

describe('the kind of answer a question asks for', () => {
  it('prefers a sentence stating a value for "how big", though a better-ranked one shares as many words', () => {
    const about = passage({
      title: 'Cache',
      text: 'The upload cache keeps photos until they are sent to the cloud.',
    });
    const limits = passage({ title: 'Limits', text: 'The upload cache holds at most 500 MB.' });
    const { text, passages } = extractAnswer({
      bot,
      question: 'How big is the upload cache?',
      history: [],
      passages: [about, limits],
    });
    expect(text).toBe('The upload cache holds at most 500 MB.');
    expect(passages[0]).toBe(limits);
  });

  it('prefers a sentence giving a reason for "why"', () => {
    const rule = passage({ title: 'Sync', text: 'Sync skips hidden files and empty folders.' });
    const reason = passage({
      title: 'Hidden files',
      text: 'Sync skips hidden files because they hold the settings of other apps.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'Why does sync skip hidden files?',
      history: [],
      passages: [rule, reason],
    });
    expect(text).toBe('Sync skips hidden files because they hold the settings of other apps.');
  });

  it('answers "what is …" with the sentence saying what it is, from further down the passages', () => {
    // Retrieval ranks the sections naming the subject most often first; the one defining it
    // comes fourth, beyond the three passages other questions are answered from.
    const page = { title: 'Snapbox', documentId: 'snapbox' };
    const sections = [
      'Snapbox reconfigure: after a Snapbox upgrade, run it to reconfigure every Snapbox album.',
      'Snapbox register: adds an album to the Snapbox albums kept in the background.',
      'Snapbox run: runs the given Snapbox task now, for one album or all of them.',
      'Snapbox is a photo backup tool that keeps albums in sync across your devices. It runs in the background.',
    ].map((text, i) => passage({ ...page, heading: `Section ${i}`, text }));
    const { text, passages } = extractAnswer({
      bot,
      question: 'What is Snapbox and when would I want it?',
      history: [],
      passages: sections,
    });
    expect(text).toBe(
      'Snapbox is a photo backup tool that keeps albums in sync across your devices. It runs in the background.',
    );
    expect(passages[0]).toBe(sections[3]);
    // Asked how to run it, the first sections answer as before.
    expect(
      extractAnswer({
        bot,
        question: 'How do I run a Snapbox task?',
        history: [],
        passages: sections,
      }).text,
    ).toContain('Snapbox run: runs the given Snapbox task now');
  });

  it('answers "what is it made of?" with the section stating the material, not the page\'s opening', () => {
    // A product page: every section is headed with the product's name, which is all the
    // question shares with them; the material is in the second section, in no word asked.
    const page = { title: 'Skog Blanket', documentId: 'skog', url: 'https://acme.example/skog' };
    const sections = [
      'Tax included. Delivery calculated at checkout. Woven in our Oslo studio.',
      '80% lambswool, 20% cashmere.',
      'Dry clean only. Store folded.',
    ].map((text, i) =>
      passage({
        ...page,
        heading: ['Skog Blanket', 'Skog Blanket › Materials', 'Skog Blanket › Care'][i],
        text,
      }),
    );
    const { text } = extractAnswer({
      bot,
      question: 'What is the Skog blanket made of?',
      history: [],
      passages: sections,
    });
    expect(text).toBe('80% lambswool, 20% cashmere.');
  });

  it('lets a value sentence holding too little of the question give way, rather than not knowing', () => {
    // The number lifts the first sentence to the top, but it holds one word of the question:
    // the answer is the sentences further on that hold the rest.
    const guide = passage({
      title: 'Guide',
      text: [
        'Albums load 20 percent faster this year.',
        'The colours are brighter too.',
        'Nobody has to install anything.',
        'The sync code is new.',
        'It handles them offline.',
      ].join(' '),
    });
    const { text } = extractAnswer({
      bot,
      question: 'How many albums can the sync code handle offline?',
      history: [],
      passages: [guide],
    });
    expect(text).toContain('The sync code is new. It handles them offline.');
  });
});

describe('a heading naming what is asked', () => {
  it('counts for the sentences under it', () => {
    const albums = passage({
      title: 'Sync tool',
      heading: 'Albums',
      text: 'The sync tool uploads every photo of an album.',
    });
    const existing = passage({
      title: 'Sync tool',
      heading: 'Existing albums',
      text: 'If it was uploaded already, the album is merged photo by photo.',
    });
    const { text } = extractAnswer({
      bot,
      question: 'What does the sync tool do when the album already exists?',
      history: [],
      passages: [albums, existing],
    });
    expect(text).toBe('If it was uploaded already, the album is merged photo by photo.');
  });
});

describe('a long section cut into several windows', () => {
  it('is read whole: a lower window of a section retrieval ranked first competes at its rank', () => {
    const page = { documentId: 'doc-sync-options', title: 'Sync options', heading: 'Options' };
    const first = passage({
      ...page,
      text: '--force: Sends every photo again, even when it is unchanged. --quiet: Prints nothing.',
    });
    const elsewhere = [1, 2].map((n) =>
      passage({ title: `Albums ${n}`, text: `Albums sync their photos in order ${n}.` }),
    );
    const later = passage({
      ...page,
      text: '--dry-run: Lists the photos sync would send, without sending anything.',
    });
    const { text, passages } = extractAnswer({
      bot,
      question: 'Which sync option lists the photos without sending them?',
      history: [],
      passages: [first, ...elsewhere, later],
    });
    expect(text).toContain(
      '--dry-run: Lists the photos sync would send, without sending anything.',
    );
    expect(passages[0]).toBe(later);
  });
});

describe('a question word the pages use only in another form of its family', () => {
  const allergens = passage({
    title: 'Allergens',
    heading: 'Allergens › Peanuts',
    text: "We haven't used peanuts in any recipe since March 2023. Sesame is in our dressings.",
  });
  const question = 'My son is allergic to peanuts. Are there peanuts in your meals?';

  it('is read in the form the pages use ("allergic" in "Allergens"), as retrieval marks it unknown', () => {
    // Porter stems "allergic" `allerg` and "Allergens" `allergen`; no chunk holds `allerg`.
    const unknown = new Set([stem('son'), stem('allergic'), stem('meals')]);
    const { text } = extractAnswer({
      bot,
      question,
      history: [],
      passages: [{ ...allergens, unknown }],
    });
    expect(text).toContain("We haven't used peanuts in any recipe since March 2023.");
  });

  it('is not, without retrieval saying the pages never use it: then the passage holds too little', () => {
    expect(extractAnswer({ bot, question, history: [], passages: [allergens] }).text).toBe(
      DONT_KNOW_REPLY,
    );
  });
});

describe('a long question in a customer’s own words', () => {
  const logging = passage({
    title: 'Logging',
    text: 'Lock waits: a log line is written when a session waits longer than the deadlock timeout for a lock.',
  });
  const locks = passage({
    title: 'Lock management',
    text: 'The check for a deadlock is relatively expensive, so the server does not run it every time it waits for a lock.',
  });
  const question =
    'Why is a deadlock not noticed the instant two sessions start waiting on each other?';

  it('is answered from, and cites, a section sharing fewer of its words once one shares enough', () => {
    const { text, passages } = extractAnswer({
      bot,
      question,
      history: [],
      passages: [logging, locks],
    });
    expect(text).not.toBe(DONT_KNOW_REPLY);
    expect(passages).toContain(locks);
  });

  it('is still not answered when no section shares enough of it', () => {
    const { text } = extractAnswer({ bot, question, history: [], passages: [locks] });
    expect(text).toBe(DONT_KNOW_REPLY);
  });
});
