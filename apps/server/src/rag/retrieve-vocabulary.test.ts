import { describe, expect, it } from 'vitest';
import { addDocument, createBot } from '../search/testing/search-db.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { extractAnswer } from './answer/extractive.ts';
import { DONT_KNOW_REPLY } from './answer/replies.ts';
import { retrievePassages } from './passages.ts';
import { retrieve } from './retrieve.ts';

const t = useSearchTestDb();

/** The extractive engine's answer to `question`, from the passages the chat would retrieve. */
async function extractiveAnswer(botId: string, question: string) {
  const passages = await retrievePassages(t.db, { botId, query: question });
  const persona = { name: 'Bot', agentName: '', businessName: '', basePrompt: '' };
  return extractAnswer({ bot: persona, question, history: [], passages }).text;
}

/** The headings of the best chunks for the query, best first. */
async function headings(botId: string, query: string, limit = 2) {
  return (await retrieve(t.db, { botId, query, limit })).map((h) => h.heading);
}

describe('retrieve: how software documentation writes its words', () => {
  it('finds a camel-case setting by the words it is made of', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Server',
      text: [
        '## server.requestTimeout',
        'Milliseconds allowed for receiving the whole request. Default: 300000.',
        '## Incoming requests',
        'Every request carries headers and a body.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'What is the request timeout?', 1)).toEqual([
      'server.requestTimeout',
    ]);
  });

  it('prefers the section of a qualified name a question gives over text sharing its words', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Logging',
      text: [
        '## logger.warn',
        'Adds a line at the warning level: logger.warn(message).',
        '## Levels',
        'The logger can warn you: a logger warns when a disk fills up, and a logger warns when memory runs low.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'What does logger.warn do?', 1)).toEqual(['logger.warn']);
  });

  it('finds a closed compound by its halves when the page writes them apart too', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Performance',
      text: [
        '## Compression',
        'Compression work runs on the threadpool, off the main loop.',
        '## Threads',
        'Each thread has its own stack. A pool of buffers is shared.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'Does compression use a thread pool?', 1)).toEqual([
      'Compression',
    ]);
  });

  it('finds a hyphened word by its closed form', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Hotel',
      text: [
        '## Amenities',
        'Free Wi-Fi in all rooms. Write us an e-mail for a quiet room.',
        '## Rooms',
        'Every room has a desk and a kettle.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'Do the rooms have wifi?', 1)).toEqual(['Amenities']);
    expect(await headings(bot.botId, 'What is your email?', 1)).toEqual(['Amenities']);
  });

  it('finds a release by its line when the page numbers it in three parts', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Release notes',
      text: [
        '## Version 1.6.0 (2024-04-20)',
        'Changed: the theme no longer bundles its scripting library.',
        '## Version 1.5.3 (2023-09-18)',
        'Changed: the theme library changed its icons.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'What changed in the theme in 1.6?', 1)).toEqual([
      'Version 1.6.0 (2024-04-20)',
    ]);
  });

  it('ranks the sentence explaining an API above a code example repeating its words', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Server',
      text: [
        '## Stopping',
        'To stop the server, call close() on it. Open connections are finished first, and new ones are refused meanwhile.',
        '## Example',
        'The whole program, with each call on its own line as it would appear in a real project:',
        '```js\n// stop the server\nserver.close(); // stop server\nserver.close(); // stop server\n```',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'How do I stop the server?', 2)).toEqual([
      'Stopping',
      'Example',
    ]);
  });

  it("searches the pages' own word for what the question calls by another", async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Storage',
      text: [
        '## Where files go',
        'Uploads are written to the uploads directory.',
        '## Uploads',
        'Uploads over 10 MB are refused. Uploads resume after an error, uploads of photos are resized, and long uploads are split.',
        '## Backups',
        'Backups go to the backup directory.',
        '## Logs',
        'Logs go to the log directory.',
        '## Cache',
        'The cache directory can be emptied at any time.',
        '## Temporary files',
        'Temporary files use the system temp directory.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'Which folder are uploads in?', 1)).toEqual([
      'Where files go',
    ]);
  });

  it("keeps to the question's word where the pages use it themselves", async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Sync',
      text: [
        '## Shared folder',
        'Files in the shared folder sync to every device.',
        '## Folder colours',
        'Each folder can have a colour.',
        '## Sharing',
        'A folder can be shared by link.',
        '## Trash',
        'A deleted folder stays in the trash for 30 days.',
        '## Staff directory',
        'The staff directory syncs to every device.',
      ].join('\n\n'),
      kind: 'web',
    });
    expect(await headings(bot.botId, 'Which folder syncs to every device?', 1)).toEqual([
      'Shared folder',
    ]);
  });

  it("answers in the pages' word for one they never use, however rarely they use theirs", async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Hotel Seeblick',
      text: [
        '## Amenities',
        'Free Wi-Fi in all rooms. Lift to all floors. Bike rental at reception.',
        '## Rooms',
        'Every room has a desk and a kettle. Rooms on the top floor have a balcony.',
        '## Breakfast',
        'Breakfast is served from 7:00 in the garden room.',
      ].join('\n\n'),
      kind: 'web',
    });
    // "elevator" is in no chunk: "lift", in one, stands for it in the search and the answer.
    expect(await extractiveAnswer(bot.botId, 'Is there an elevator?')).toContain(
      'Lift to all floors.',
    );
    // A word of no group, in no chunk, still finds nothing.
    expect(await extractiveAnswer(bot.botId, 'Is there a casino?')).toBe(DONT_KNOW_REPLY);
  });

  it('answers whether a thing expires with how long it is valid', async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Gift cards',
      text: [
        '## Gift cards',
        'Digital gift cards come in any amount from €20 to €150 and are emailed straight away. They can be spent online or in the café and are valid for two years from purchase.',
        '## Wholesale',
        'Cafés and offices can buy our coffee in 1 kg bags. Write to us for a price list.',
      ].join('\n\n'),
      kind: 'web',
    });
    const question = 'My aunt gave me one of your gift cards last Christmas, does it expire?';
    // "expire" is in no chunk: "valid" stands for it, and a span of time is what it asks for.
    expect(await extractiveAnswer(bot.botId, question)).toContain(
      'valid for two years from purchase',
    );
  });

  it("tells the answer engines which of the question's words no chunk holds", async () => {
    const bot = await createBot(t.db);
    await addDocument(t.db, bot, {
      title: 'Visit us',
      text: '## Parking\n\nThe nearest car park is on Dock Road. Lift to all floors.',
      kind: 'web',
    });
    const [first] = await retrievePassages(t.db, {
      botId: bot.botId,
      query: 'Coming from Galway: where do I leave the car, and is there an elevator?',
    });
    // "elevator" has the pages' "lift" (alternatives); "Galway", "coming", "leave" nothing.
    expect([...(first?.unknown ?? [])].sort()).toEqual(['come', 'galwai', 'leav']);
    expect(first?.alternatives?.get('lift')).toBe('elev');
  });
});
