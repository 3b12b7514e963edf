/** POST /v1/synthesize through real HTTP: ranking, dating, budget and provenance. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaptureEvent } from '@hx-memory/contract';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';
import type { HxTestClient, RouteBody } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;

const turns = [
  {
    speaker: 'Caroline',
    text: 'I went to a LGBTQ support group yesterday and it was so powerful.',
    at: '2023-05-08T13:56:00Z',
  },
  {
    speaker: 'Melanie',
    text: 'That sounds great! I have been painting a lot lately, mostly sunsets.',
    at: '2023-05-08T13:57:00Z',
  },
  {
    speaker: 'Caroline',
    text: 'I am thinking about a career in counseling and mental health.',
    at: '2023-05-25T10:00:00Z',
  },
  { speaker: 'Melanie', text: 'My kids and I went camping at the beach last weekend.', at: '2023-06-09T09:00:00Z' },
  { speaker: 'Caroline', text: 'Thanks for the book recommendation, I loved it.', at: '2023-06-09T09:01:00Z' },
];

async function capture(key: string, namespace: string) {
  const events = turns.map(
    (t, i): CaptureEvent => ({
      type: 'message',
      sessionId: `s${i < 2 ? 1 : i < 3 ? 2 : 3}`,
      namespace,
      occurredAt: t.at,
      payload: { role: 'user', content: t.text },
      metadata: { speaker: t.speaker, dia_id: `D${i}` },
    }),
  );
  const res = await server.api(key).capture.captureBatch({ body: { events } });
  return expectStatus(res, 201).body.data.results.map((r) => r.eventId);
}

function synth(body: RouteBody<HxTestClient['synthesize']['synthesize']>, key = apiKey) {
  return server.api(key).synthesize.synthesize({ body });
}

let eventIds: string[];
beforeAll(async () => {
  ({ apiKey } = await newTenant(server, 'synth'));
  eventIds = await capture(apiKey, 'convo');
});

describe('POST /v1/synthesize', () => {
  it('ranks the event that answers the question first and cites it', async () => {
    const res = await synth({ query: 'When did Caroline go to the LGBTQ support group?', namespace: 'convo' });
    const data = expectStatus(res, 200).body.data;
    expect(data.packId).toMatch(/^pack_/);
    expect(data.entries[0].provenance).toEqual([{ sourceType: 'event', sourceId: eventIds[0] }]);
    expect(data.entries[0].section).toBe('context');
    expect(data.entries[0].occurredAt).toBe('2023-05-08T13:56:00.000Z');
    expect(data.context).toContain('[2023-05-08] Caroline: I went to a LGBTQ support group');
    const scores = data.entries.map((e) => e.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('ranks first what happened on the day the question names', async () => {
    // Both Caroline turns match "Caroline"; only the date tells which one the question is about.
    const res = await synth({ query: 'What did Caroline say on 25 May, 2023?', namespace: 'convo' });
    expect(expectStatus(res, 200).body.data.entries[0]!.provenance).toEqual([
      { sourceType: 'event', sourceId: eventIds[2] },
    ]);
  });

  it('reads the day even when a word before it starts like a month ("Maybe", "Maria", "Mark")', async () => {
    const res = await synth({
      query: 'Maybe you remember what Caroline was saying on 25 May, 2023?',
      namespace: 'convo',
    });
    expect(expectStatus(res, 200).body.data.entries[0]!.provenance).toEqual([
      { sourceType: 'event', sourceId: eventIds[2] },
    ]);
  });

  it('ranks the turns of the day the question names above another day that matches more of its words', async () => {
    // LoCoMo conv-43: the day's turns share only a name with the question; a session months before
    // talks of "discussing" and "topics" throughout.
    const talk: Array<[string, string, string]> = [
      ['2023-05-21', 'Tim', 'Hey John! Been discussing collaborations for a Harry Potter fan project.'],
      ['2023-05-21', 'John', 'What topic will the discussion group be on, Tim?'],
      ['2023-05-21', 'Tim', "We'll be discussing characters, spells, and magical creatures: a great topic."],
      ['2023-12-11', 'Tim', 'Hey John, I had a tough time with my English lit class. Did an analysis on this series.'],
      ['2023-12-11', 'John', 'Thanks Tim! By the way, I had a career-high in assists last Friday.'],
    ];
    const events = talk.map(
      ([day, speaker, text]): CaptureEvent => ({
        type: 'message',
        sessionId: day,
        namespace: 'dated',
        occurredAt: `${day}T18:00:00Z`,
        payload: { role: 'user', content: text },
        metadata: { speaker },
      }),
    );
    const captured = await server.api(apiKey).capture.captureBatch({ body: { events } });
    const ids = expectStatus(captured, 201).body.data.results.map((r) => r.eventId);
    const res = await synth({
      query: 'What is the topic of discussion between John and Tim on 11 December, 2023?',
      namespace: 'dated',
    });
    const first = expectStatus(res, 200)
      .body.data.entries.slice(0, 2)
      .map((e) => e.provenance[0]?.sourceId);
    expect(new Set(first)).toEqual(new Set([ids[3], ids[4]]));
  });

  it('takes the latest turns of a named day that holds more turns than it reads, the same ones every time', async () => {
    // A session's turns share one time (LoCoMo dates a session, not its turns): which of them a day's
    // look-up reads must not depend on where the database happens to keep them (after learn rewrites
    // every row, or on another machine), but on the order they were said in.
    const colours = ['red', 'blue', 'green', 'amber', 'violet', 'ochre', 'teal', 'coral', 'ivory', 'olive'];
    const events = Array.from(
      { length: 30 },
      (_, i): CaptureEvent => ({
        type: 'message',
        sessionId: 'busy-day',
        namespace: 'busy',
        occurredAt: '2024-03-03T18:00:00Z',
        payload: { role: 'user', content: `The ${colours[i % 10]} kite number ${i + 1} flew over the dunes.` },
        metadata: { speaker: i % 2 ? 'Ana' : 'Ben' },
      }),
    );
    const captured = await server.api(apiKey).capture.captureBatch({ body: { events } });
    const ids = expectStatus(captured, 201).body.data.results.map((r) => r.eventId);
    expectStatus(await server.api(apiKey).learn.learn({ body: { namespace: 'busy', wait: true } }), 200);
    const cited = async () => {
      const res = await synth({
        query: 'What happened on 3 March, 2024?',
        namespace: 'busy',
        options: { maxTokens: 4000 },
      });
      return expectStatus(res, 200).body.data.entries.flatMap((e) => e.provenance.map((p) => p.sourceId));
    };
    const first = await cited();
    expect(first).toContain(ids[29]);
    expect(first).not.toContain(ids[0]);
    expect(await cited()).toEqual(first);
  });

  it('matches any term of a question (OR semantics), not all of them', async () => {
    const res = await synth({ query: 'What does Melanie paint, and has she ever been skydiving?', namespace: 'convo' });
    expect(expectStatus(res, 200).body.data.entries[0]!.content).toContain('painting');
  });

  it('never uses more tokens than maxTokens and reports what it dropped', async () => {
    const res = await synth({
      query: 'Caroline Melanie support painting camping book',
      namespace: 'convo',
      options: { maxTokens: 40 },
    });
    const { budget, entries, context } = expectStatus(res, 200).body.data;
    expect(budget.limit).toBe(40);
    expect(budget.used).toBeLessThanOrEqual(40);
    expect(budget.used).toBeGreaterThan(0);
    expect(budget.entriesIncluded).toBe(entries.length);
    expect(budget.entriesDropped).toBeGreaterThan(0);
    expect(context.length).toBeGreaterThan(0);
  });

  it('leaves provenance out when includeProvenance is false', async () => {
    const res = await synth({ query: 'camping', namespace: 'convo', options: { includeProvenance: false } });
    expect(expectStatus(res, 200).body.data.entries[0]!.provenance).toEqual([]);
  });

  it('reads only events up to asOf', async () => {
    const res = await synth({ query: 'camping beach', namespace: 'convo', asOf: '2023-06-01T00:00:00Z' });
    expect(expectStatus(res, 200).body.data.entries.some((e) => e.content.includes('camping'))).toBe(false);
  });
});
