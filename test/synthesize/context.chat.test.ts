/**
 * What the agent reads (issue 28), tried as a general chat assistant is used (the shape of
 * LongMemEval's histories): one user over three months of short sessions, with the assistant's own
 * recommendations, possessions counted and counted again, a new job, a date to come. Captured,
 * learned once, then the questions such an assistant is asked. Each test failed on the context
 * before its fix.
 */
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TURNS: DatedTurn[] = [
  ['I just got back from a trip to Tokyo, can you help me plan my next trip to Kyoto?', '2026-03-02T10:00:00Z', 'c1'],
  [
    'Sure! In Kyoto I recommend staying at the Hotel Granvia, visiting Fushimi Inari early in the morning, and trying kaiseki at Kikunoi.',
    '2026-03-02T10:01:00Z',
    'c1',
    'assistant',
  ],
  ['I bought a new road bike, a Trek Domane, last weekend. It weighs only 8 kilos.', '2026-03-05T09:00:00Z', 'c2'],
  ['That makes three bikes I own now.', '2026-03-05T09:01:00Z', 'c2'],
  // Learned as the sentence itself (a fact of no known kind: "I have been learning Spanish" is one).
  ['I have practised Spanish on Duolingo for 40 days straight.', '2026-03-10T20:00:00Z', 'c2b'],
  ['I sold my old mountain bike today, so I am down to two bikes.', '2026-04-01T09:00:00Z', 'c3'],
  // Said on 3 April: the June to come, not last year's.
  ['My sister Ana is getting married on June 12 in Porto.', '2026-04-03T18:00:00Z', 'c4'],
  ['I prefer vegetarian recipes that take under 30 minutes.', '2026-04-10T19:00:00Z', 'c5'],
  ['I started a new job as a data engineer at Spotify on May 4.', '2026-05-06T08:00:00Z', 'c6'],
  ['I finished reading "The Three-Body Problem" yesterday, it was amazing.', '2026-05-20T21:00:00Z', 'c7'],
  ['My dog Rex turned three today, we had cake in the park.', '2026-05-22T18:00:00Z', 'c8'],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'chat', datedTurnEvents('sam', TURNS));
});

describe('synthesize: a turn that says more than the memory learned from it', () => {
  it('keeps the sentence of the turn that holds the asked word its memory lacks', async () => {
    const pack = await hx.synthesize('How much does my new bike weigh?', { subjectId: 'sam', maxTokens: 400 });
    // The memory learned from the turn is its first sentence; the weight the question asks is the second.
    expect(pack.context, pack.context).toContain('It weighs only 8 kilos.');
  });
});

describe('synthesize: a count of things owned, counted again', () => {
  it('gives the newest count, and leaves out the turn that said the older one', async () => {
    const pack = await hx.synthesize('How many bikes do I own?', { subjectId: 'sam', maxTokens: 400 });
    expect(pack.context, pack.context).toMatch(/sam has two bikes|down to two bikes/);
    expect(pack.context).not.toContain('That makes three bikes');
    const earlier = await hx.synthesize('How many bikes do I own?', {
      subjectId: 'sam',
      maxTokens: 400,
      includeSuperseded: true,
    });
    expect(earlier.context, earlier.context).toMatch(/\(superseded 2026-04-01\).*three bikes/);
  });
});

describe('synthesize: an overview whose matching lines were said above it', () => {
  it('leaves out a timeline left with only lines of other things', async () => {
    const pack = await hx.synthesize('How many bikes do I own?', { subjectId: 'sam', maxTokens: 400 });
    // The timeline's bike lines repeat the turns above it; its new job and its book are not what was asked.
    expect(pack.context, pack.context).not.toMatch(/Timeline/);
    expect(pack.context).not.toMatch(/Three-Body Problem/);
    const book = await hx.synthesize('What book did I finish recently?', { subjectId: 'sam', maxTokens: 400 });
    expect(book.context, book.context).toContain('Three-Body Problem');
    expect(book.context).not.toMatch(/road bike/);
  });
});

describe('synthesize: a new job, asked in other words', () => {
  it("answers where the user works from the employer learned of a job 'as a data engineer at Spotify'", async () => {
    const pack = await hx.synthesize('Where do I work?', { subjectId: 'sam', maxTokens: 400 });
    expect(pack.context, pack.context).toMatch(/sam works at Spotify/);
    expect(pack.context).toMatch(/sam works as a data engineer/);
  });
});

describe('synthesize: a date to come', () => {
  it('dates a wedding "on June 12", said in April, in the June ahead', async () => {
    const pack = await hx.synthesize("When is my sister's wedding?", { subjectId: 'sam', maxTokens: 400 });
    expect(pack.context, pack.context).toContain('getting married on June 12 (2026-06-12)');
  });
});

describe('synthesize: a question in other words than the turn', () => {
  it("answers what the user's pet is called from the profile learned of 'my dog Rex'", async () => {
    // "pet" is in no turn: the subject's profile, which joins the pack, names the dog.
    const pack = await hx.synthesize('What is my pet called?', { subjectId: 'sam', maxTokens: 400 });
    expect(pack.context, pack.context).toMatch(/sam's pet dog is called Rex/);
  });
});

describe('synthesize: a question that names only a time', () => {
  it('answers "what did I do in March?" from the turns of March, whatever their words', async () => {
    const pack = await hx.synthesize('What did I do in March?', { subjectId: 'sam', maxTokens: 600 });
    expect(pack.context, pack.context).toContain('trip to Tokyo');
    expect(pack.context).toContain('It weighs only 8 kilos');
    // April's and May's turns are not what was asked.
    expect(pack.context).not.toContain('mountain bike');
    expect(pack.context).not.toContain('Three-Body Problem');
  });

  it('reads the day of "on April 1" as a time, not the number 1 as a word to match', async () => {
    const pack = await hx.synthesize('What happened on April 1?', { subjectId: 'sam', maxTokens: 400 });
    const first = pack.context.split('\n').find((line) => line.startsWith('- ')) ?? '';
    expect(first, pack.context).toContain('I sold my old mountain bike today');
    // Session summaries ("1 event with user") no longer match on the "1".
    expect(pack.context).not.toMatch(/Session c/);
  });
});

describe('synthesize: a block cut to its share', () => {
  it('does not hide a turn behind a profile line that was cut off', async () => {
    // At 350 tokens the profile is cut after its first facts; the Spanish fact it lists further down is
    // not read, so the turn saying it stays.
    const pack = await hx.synthesize('What did I do in March?', { subjectId: 'sam', maxTokens: 350 });
    expect(pack.context, pack.context).toMatch(/^### Profile: sam[\s\S]*…/m);
    expect(pack.context).toContain('practised Spanish on Duolingo');
  });

  it("leaves out a session summary's highlight that says a turn shown above, whoever the turn's label names", async () => {
    // The turn is shown as "sam: I started ...", the summary's highlight said it again ("[episode] sam:
    // I started ..."): the turn's stored text says "user: ...", so the two were not the same line.
    for (const maxTokens of [250, 300, 600]) {
      const pack = await hx.synthesize('What did I do in May?', { subjectId: 'sam', maxTokens });
      const said = pack.context.split('\n').filter((l) => /I started a new job as a data engineer/.test(l));
      expect(said, pack.context).toHaveLength(1);
    }
  });
});

describe("synthesize: the assistant's own recommendation", () => {
  it('answers from the turn, with no session summary that only counts its events after it', async () => {
    const pack = await hx.synthesize('What hotel did you recommend in Kyoto?', { subjectId: 'sam', maxTokens: 400 });
    expect(pack.context, pack.context).toContain('staying at the Hotel Granvia');
    // "2026-03-02: 2 events with assistant, user. Topics: kyoto." says nothing the turns do not.
    expect(pack.context).not.toMatch(/Session c1/);
  });
});

describe('synthesize: a job left, a child a year older', () => {
  let later: Hx;
  beforeAll(async () => {
    later = await learnedTenant(
      server,
      'chat-later',
      datedTurnEvents('kim', [
        ['I work at Acme Corp as a product designer.', '2026-01-10T09:00:00Z', 'k1'],
        ['My daughter Mia is 4 and loves drawing dinosaurs.', '2026-01-12T19:00:00Z', 'k2'],
        ['I quit my job at Acme Corp last week, taking a break before the next thing.', '2026-03-02T10:00:00Z', 'k3'],
        ['My daughter just turned 5!', '2026-04-20T17:00:00Z', 'k4'],
        ['I drive a Tesla Model 3 to work every day.', '2026-01-15T08:00:00Z', 'k5'],
        ['I sold the Tesla last weekend and bought a Honda Civic instead.', '2026-02-16T18:00:00Z', 'k6'],
        ['We moved to a bigger apartment in Porto last week, the balcony is huge.', '2026-03-25T19:00:00Z', 'k7'],
        ["I'm training for the Lisbon half marathon in April.", '2026-01-12T07:00:00Z', 'k8'],
        ['I hurt my knee on a long run, so I had to drop out of the half marathon.', '2026-03-10T19:00:00Z', 'k9'],
        ['Hi! I just adopted a cat, her name is Miso. She is a 2 year old tabby.', '2026-01-05T19:00:00Z', 'k10'],
        ['Miso knocked my coffee over again this morning, she is such a troublemaker.', '2026-03-01T08:00:00Z', 'k11'],
      ]),
    );
  });

  it('no longer says the user works where they quit', async () => {
    const pack = await later.synthesize('Where do I work?', { subjectId: 'kim', maxTokens: 400 });
    expect(pack.context, pack.context).toContain('kim no longer works at Acme Corp');
    expect(pack.context).not.toMatch(/kim works at Acme Corp/);
  });

  it('answers where the user lives from a move into an apartment, and which car from the make bought last', async () => {
    const home = await later.synthesize('Where do I live?', { subjectId: 'kim', maxTokens: 400 });
    expect(home.context, home.context).toContain('kim lives in Porto');
    const car = await later.synthesize('What car do I drive?', { subjectId: 'kim', maxTokens: 400 });
    expect(car.context, car.context).toContain('kim drives a Honda Civic');
    expect(car.context).not.toContain('kim drives a Tesla');
  });

  it('no longer says the user is training for a race they dropped out of', async () => {
    const pack = await later.synthesize('Am I still training for the half marathon?', {
      subjectId: 'kim',
      maxTokens: 400,
    });
    expect(pack.context, pack.context).toContain('kim dropped out of the half marathon');
    expect(pack.context).not.toMatch(/kim is training for|I'm training for the Lisbon/);
  });

  it('answers "what did I do in March?" with March only: a name in a March turn leads to no other month', async () => {
    const pack = await later.synthesize('What did I do in March?', { subjectId: 'kim', maxTokens: 400 });
    expect(pack.context, pack.context).toContain('Miso knocked my coffee over');
    // "Miso" (and "Acme Corp") lead through learn's entities to January's turns: not of the time asked.
    expect(pack.context).not.toContain('I just adopted a cat');
    expect(pack.context).not.toContain('I work at Acme Corp');
  });

  it("gives the child's age said last", async () => {
    const pack = await later.synthesize('How old is my daughter?', { subjectId: 'kim', maxTokens: 400 });
    expect(pack.context, pack.context).toContain("kim's daughter is 5 years old");
    expect(pack.context).not.toMatch(/daughter is 4 years old/);
  });
});

describe("synthesize: the assistant's echo of a fact that changed since", () => {
  let echo: Hx;
  beforeAll(async () => {
    echo = await learnedTenant(
      server,
      'chat-echo',
      datedTurnEvents('lee', [
        ['I live in Lisbon, in a flat near the river.', '2026-01-10T09:00:00Z', 'e1'],
        ['Lisbon is a lovely place to live! How long have you been there?', '2026-01-10T09:01:00Z', 'e1', 'assistant'],
        ['That makes three bikes I own now.', '2026-02-01T09:00:00Z', 'e2'],
        ['Nice, three bikes is quite a collection!', '2026-02-01T09:01:00Z', 'e2', 'assistant'],
        ['Which of the bikes do you ride most?', '2026-02-01T09:02:00Z', 'e2', 'assistant'],
        ['I moved to Porto last week.', '2026-03-01T09:00:00Z', 'e3'],
        ['I sold my old mountain bike today, so I am down to two bikes.', '2026-04-01T09:00:00Z', 'e4'],
        [
          'Two bikes is plenty for the city, and your three bikes were a lot to store.',
          '2026-04-01T09:01:00Z',
          'e4',
          'assistant',
        ],
      ]),
    );
  });

  it('leaves out what the assistant said of the old count and the old home', async () => {
    const bikes = await echo.synthesize('How many bikes do I own?', { subjectId: 'lee', maxTokens: 400 });
    expect(bikes.context, bikes.context).toMatch(/down to two bikes|lee has two bikes/);
    expect(bikes.context).not.toContain('quite a collection');
    // Said after the count changed: the assistant's reply to the new count is current.
    expect(bikes.context).toContain('Two bikes is plenty for the city');
    // A reply that repeats no superseded fact stays.
    expect(bikes.context).toContain('Which of the bikes do you ride most?');
    const home = await echo.synthesize('Where do I live?', { subjectId: 'lee', maxTokens: 400 });
    expect(home.context, home.context).toMatch(/Porto/);
    expect(home.context).not.toContain('lovely place to live');
    // Nor the summary of the Lisbon session, which only counts its turns and names their words.
    expect(home.context).not.toMatch(/Topics: lisbon/);
  });

  it('shows the echo marked with the date the fact changed when superseded facts are asked for', async () => {
    const bikes = await echo.synthesize('How many bikes do I own?', {
      subjectId: 'lee',
      maxTokens: 600,
      includeSuperseded: true,
    });
    expect(bikes.context, bikes.context).toMatch(/\(superseded 2026-04-01\)[^\n]*quite a collection/);
    // Shown, not left out: nothing is counted as omitted for being superseded.
    expect(bikes.budget.omitted.superseded).toBe(0);
  });
});
