import { describe, expect, it } from 'vitest';
import { answerTypeOf, fitsAnswerType } from './answer-type.ts';

const kinds = (question: string) => [...answerTypeOf(question)].sort();

/**
 * Asserts that, for the kind of answer `question` asks for, exactly the texts of `fits` hold it
 * and those of `not` do not (one assertion, so a failure lists every misplaced text).
 */
const expectKindIn = (question: string, fits: string[], not: string[]) => {
  const type = answerTypeOf(question);
  const texts = [...fits, ...not];
  expect([
    texts.filter((t) => fitsAnswerType(type, t)),
    texts.filter((t) => !fitsAnswerType(type, t)),
  ]).toEqual([fits, not]);
};

describe('the kind of answer a question asks for', () => {
  it('is a discount for discounts and concessions, answered by a reduced price or a share off', () => {
    expect(kinds('do you do a student discount')).toEqual(['discount']);
    expect(kinds('Any concessions for pensioners?')).toEqual(['discount']);
    expectKindIn(
      'Do we get any discount if we book a deep clean as well?',
      [
        'Students pay £2.50 a month.',
        'Book six or more insertions and get 15% off.',
        'Subscribers save 10% on every bag.',
        'Your first week of cleaning is half price.',
      ],
      ['Discounts cannot be combined.', 'The jumper is 100% wool.', 'Deep cleans take a day.'],
    );
  });

  it('is a person for who is asked, named in a sentence, a contact row or a section heading', () => {
    expect(kinds('Who does implants?')).toEqual(['person']);
    expect(kinds('I spotted a mistake in an article, who do I tell?')).toEqual(['person']);
    // "who" in a clause asks nothing of a person.
    expect(kinds('How can I see who last changed each line of a file?')).toEqual([]);
    expect(kinds('Can I do that without blocking people who are reading it?')).toEqual([]);
    expectKindIn(
      'Who should I email about junior courses?',
      [
        'Role: Junior Coordinator | Name: Priya Nankervis',
        'Write to juniors@club.example with your child’s age.',
        'Dr Sarah Patel places implants on Tuesdays.',
      ],
      ['Junior courses run from April to October.', 'Course | Ages | Dates | Member price'],
    );
    // A section headed with a titled name, or a name under a heading for people; not any
    // title-case heading.
    const who = answerTypeOf('Who does implants?');
    const headed = (path: string) => fitsAnswerType(who, 'Principal dentist.', path);
    expect(
      ['Our team › Dr Sarah Patel', 'Meet the Team › Priya Nair', 'Dr Sarah Patel'].map(headed),
    ).toEqual([true, true, true]);
    expect(
      ['Treatments › Implants', 'Guides › Access Permissions', 'OUR TEAM › OPENING HOURS'].map(
        headed,
      ),
    ).toEqual([false, false, false]);
  });

  it('is a value (an amount, a setting) for how many / how big / which port / by default', () => {
    expect(kinds('How big is the upload cache?')).toEqual(['value']);
    expect(kinds('How long can a file name get?')).toEqual(['value']);
    expect(kinds('Which port does the server listen on?')).toEqual(['value']);
    expect(kinds("What's the default timeout of an upload?")).toEqual(['value']);
    expect(kinds('What exit code does sync return on a conflict?')).toEqual(['value']);
    expect(kinds('Which editor opens by default?')).toEqual(['value']);
  });

  it('is a price for what something costs, answered by money, not by any number', () => {
    expect(kinds('How much does an implant cost?')).toEqual(['price']);
    expect(kinds('What does whitening cost?')).toEqual(['price']);
    expect(kinds('How much is a double room?')).toEqual(['price']);
    expect(kinds('Are there any fees for cancelling?')).toEqual(['price']);
    // Asking which costs least or most asks for prices too.
    expect(kinds("What's the cheapest membership per month?")).toEqual(['price']);
    expect(kinds('Is the sea view room more expensive?')).toEqual(['price']);
    // What a business charges, or how much more something is.
    expect(kinds('What would you charge to fire a few pots?')).toEqual(['price']);
    expect(kinds('Is there a travel charge?')).toEqual(['price']);
    expect(kinds('How much extra is oat milk?')).toEqual(['price']);
    // Not money: an amount of something else, a battery's charge.
    expect(kinds('How much data does a stream buffer?')).toEqual(['value']);
    expect(kinds('How far does an e-bike go on one charge?')).toEqual(['value']);
    expectKindIn(
      'How much does an implant cost?',
      ['Single implant from £2,400', '12 EUR', 'At no charge.', 'Viewers are free.'],
      [
        'Qualified in 2004.',
        'Every plan starts with a free trial.',
        'Takes 3 months.',
        'Two rooms on the ground floor have step-free showers.',
      ],
    );
  });

  it('is a material for what a thing is made of, answered by a composition or a material', () => {
    expect(kinds('What is the sweater made of?')).toEqual(['material']);
    expect(kinds('What is it made from?')).toEqual(['material']);
    expect(kinds('Which fabric do you use for the cushions?')).toEqual(['material']);
    // "made" elsewhere asks something else.
    expect(kinds('Where are your products made?')).toEqual([]);
    expect(kinds('Can it flag builds made from a checkout with changes?')).toEqual([]);
    expectKindIn(
      'What is the beanie made of?',
      ['50% merino wool, 50% alpaca.', 'Made from recycled oak.', 'Material: linen'],
      ['Nonprofits get 50% off the Team plan.', 'Size S M L XL', 'Made in Norway.'],
    );
  });

  it('is a duration for how long / how soon / how often, answered by a span of time, not by any number', () => {
    expect(kinds('How long are backups kept?')).toEqual(['duration']);
    expect(kinds('If I drop off my pots, how long before I can pick them up?')).toEqual([
      'duration',
    ]);
    expect(kinds('How quickly do refunds come through?')).toEqual(['duration']);
    expect(kinds('How often should I see the hygienist?')).toEqual(['duration']);
    expect(kinds('Do your gift vouchers expire?')).toEqual(['duration']);
    // A thing's length, not a span of time.
    expect(kinds('How long does my password have to be?')).toEqual(['value']);
    expectKindIn(
      'How long does a firing take?',
      [
        'Firings usually take 7–10 working days.',
        'Whitening takes two to three weeks.',
        'We recommend a visit every six months.',
        'Number of seconds to cache credentials (default: 900).',
        'The paper comes out every other Thursday.',
        'Rooms are cleaned daily.',
        'It takes about an hour, twice a week.',
        'Open 24 hours a day.',
      ],
      [
        'We fire stoneware only, to cone 6 (1,220 °C).',
        'Shelves hold up to 8 kg of work.',
        // A rate's unit: the amount counts something else.
        'Firing up to 8 kg of work a month',
        'Meeting rooms cost €45 per hour.',
        'The call returns immediately.',
        'The number of milliseconds a socket waits is configurable.',
      ],
    );
  });

  it('is an age for who is old enough, answered by the ages something is for, not by any number', () => {
    expect(kinds('My son is 6, is he old enough for the kids pottery class?')).toEqual(['age']);
    expect(kinds('Can my 14-year-old daughter come to pilates classes?')).toEqual(['age']);
    expect(kinds('Is he allowed to take lessons, or is he too young?')).toEqual(['age']);
    // A thing's age is a value.
    expect(kinds('How old is the building?')).toEqual(['value']);
    expectKindIn(
      'Is my son old enough?',
      [
        'For children aged 7 to 12.',
        'Teens aged 13 to 15 are welcome if a parent takes the class with them.',
        'Workshops are for adults and young people aged 14 and over.',
        'Children under 6 stay free.',
        'Riders must be 8 years old by the first day.',
      ],
      ['All our clay is fired to cone 6.', 'You can freeze your membership for up to 8 weeks.'],
    );
  });

  it('is a time for what time / which day / how late / when is …, answered by a time, a day or a date', () => {
    expect(kinds('What time is check-in?')).toEqual(['time']);
    expect(kinds('What day and time is the Spanish class?')).toEqual(['time']);
    expect(kinds('How late are you open during the week?')).toEqual(['time']);
    expect(kinds('When is the bar open?')).toEqual(['time']);
    // A deadline is a time too; the latest of a thing is not.
    expect(kinds("What's the deadline to make changes before my next box?")).toEqual(['time']);
    expect(kinds("What's the latest I can cancel a clean?")).toEqual(['time']);
    expect(kinds("What's the latest version?")).toEqual(['value']);
    expect(kinds('I work during the week. Is there an evening class, and when is it?')).toEqual([
      'time',
    ]);
    // "when" opening a condition, or asking in what case, is no time.
    expect(kinds('When I run sync twice, does it upload twice?')).toEqual([]);
    expect(kinds('When should I use a shared album?')).toEqual([]);
    expectKindIn(
      'What time is breakfast served?',
      [
        'Monday – Saturday: 7:00 – 10:30',
        'Doors open at 6pm.',
        'Tuesdays at 19:00 CET',
        'Closed from 25 December to 2 January.',
        'The v1 API stops working on March 31.',
        'Order by 12 noon for delivery the same day.',
      ],
      [
        'A group class lasts 60 minutes.',
        'We are a family business since 1998.',
        'You may cancel at any time.',
        'Save the file and sat back.',
      ],
    );
  });

  it('is a reason for why, both for a question asking both, none otherwise', () => {
    expect(kinds('Why does sync skip hidden files?')).toEqual(['reason']);
    expect(kinds('Why is sync slow, and how many retries does it make?')).toEqual([
      'reason',
      'value',
    ]);
    expect(kinds('How do I reset my password?')).toEqual([]);
  });

  it('is a definition for what is / what are / what does … mean, not for what is the default or the difference', () => {
    expect(kinds('What is an album?')).toEqual(['definition']);
    expect(kinds('What is Snapbox and when would I want it?')).toEqual(['definition']);
    expect(kinds('What are shared albums for?')).toEqual(['definition']);
    expect(kinds('What does HEIC mean?')).toEqual(['definition']);
    expect(kinds("What's the difference between albums and folders?")).toEqual([]);
    expect(kinds('What is the default album size?')).toEqual(['value']);
    expect(kinds('What is sync.interval measured relative to?')).toEqual([]);
  });
});

describe('a sentence holding the kind of answer asked for', () => {
  const value = answerTypeOf('How big is it?');
  const reason = answerTypeOf('Why is it?');
  const definition = answerTypeOf('What is Snapbox?');

  it('states a value: a number of its own, a number word or a Default label', () => {
    expect(fitsAnswerType(value, 'The server listens on port 8080.')).toBe(true);
    expect(fitsAnswerType(value, 'The cache holds 64 KiB.')).toBe(true);
    expect(fitsAnswerType(value, 'The port to bind to. (Default: 1234)')).toBe(true);
    expect(fitsAnswerType(value, "Default: '/bin/sh' on Unix.")).toBe(true);
    expect(fitsAnswerType(value, 'Backups are kept for two weeks.')).toBe(true);
    expect(fitsAnswerType(value, 'Reach customers in 190+ countries.')).toBe(true);
    // A price: the number after its currency sign.
    expect(fitsAnswerType(value, '€9.50 vegetarian')).toBe(true);
    expect(fitsAnswerType(value, 'Large dogs: £60')).toBe(true);
  });

  it('does not count digits inside names, versions and addresses', () => {
    expect(fitsAnswerType(value, 'See sync-log(1) for the details.')).toBe(false);
    expect(fitsAnswerType(value, 'Texts are read as UTF-8 over IPv6.')).toBe(false);
    expect(fitsAnswerType(value, 'Only bind to the local address (127.0.0.1).')).toBe(false);
    expect(fitsAnswerType(value, 'Supported since v18.0 of the app.')).toBe(false);
    expect(fitsAnswerType(value, 'The cache is configurable.')).toBe(false);
  });

  it('counts "one" as an amount, not as a pronoun', () => {
    expect(fitsAnswerType(value, 'Only one sync runs at a time.')).toBe(true);
    expect(fitsAnswerType(value, 'Keep one backup per device.')).toBe(true);
    expect(fitsAnswerType(value, 'If you have no key yet, generate one.')).toBe(false);
    expect(fitsAnswerType(value, 'Pick the one you use most.')).toBe(false);
    expect(fitsAnswerType(value, 'One of the albums is shared.')).toBe(false);
    expect(fitsAnswerType(value, 'One can also sync by hand.')).toBe(false);
  });

  it('gives a reason: because, so that, to avoid, ensures …', () => {
    expect(fitsAnswerType(reason, 'Hidden files are skipped because they hold settings.')).toBe(
      true,
    );
    expect(fitsAnswerType(reason, 'This ensures that no photo is sent twice.')).toBe(true);
    expect(fitsAnswerType(reason, 'Hidden files are skipped.')).toBe(false);
    expect(fitsAnswerType(value, 'Hidden files are skipped because they hold settings.')).toBe(
      false,
    );
  });

  it('says what its short subject is or names it: "X is a …", "X is not a …", "… are called X"', () => {
    expect(fitsAnswerType(definition, 'Such uploads are called shared uploads (SUs).')).toBe(true);
    expect(fitsAnswerType(definition, 'Snapbox is a photo backup tool.')).toBe(true);
    expect(fitsAnswerType(definition, 'The sync module is not a backup.')).toBe(true);
    expect(fitsAnswerType(definition, 'Shared albums are meant for families.')).toBe(true);
    expect(fitsAnswerType(definition, 'Open the app and then the album is a click away.')).toBe(
      false,
    );
    expect(fitsAnswerType(definition, 'Snapbox keeps albums in sync.')).toBe(false);
  });
});
