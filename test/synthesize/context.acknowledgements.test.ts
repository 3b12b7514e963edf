/**
 * What the agent reads (issue 28): an assistant's acknowledgements. A chat assistant answers most
 * turns with thanks or a "Noted!"; found by a word of the query ("Tell me about ..." holds "telling")
 * or next to the turn that answers it, each took a line of the context and said nothing. A yes or a
 * no is kept: it answers the question before it.
 */
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const ACKS = [
  'Noted, thanks for telling me.',
  'Got it!',
  'Thanks for sharing that. How can I help today?',
  'Sounds good!',
  "Great, I'll keep that in mind.",
  'Okay, noted.',
  // A greeting that names the user: found by her name, it said nothing (probe, 2026-12-07).
  'Nice to meet you, Priya! How can I help?',
  // And a welcome or a good morning by name, first in four of six contexts of a probe (2026-12-07).
  'Welcome Priya! How can I help?',
  'Good morning Priya, how can I help today?',
];

const TURNS: DatedTurn[] = [
  ["Hi! I'm Priya. I use Notion for my to-do lists.", '2026-03-01T10:00:00Z', 's1'],
  [ACKS[6] as string, '2026-03-01T10:00:20Z', 's1', 'assistant'],
  [ACKS[0] as string, '2026-03-01T10:00:30Z', 's1', 'assistant'],
  ['I am vegetarian, and I love Thai food.', '2026-03-01T10:01:00Z', 's1'],
  [ACKS[1] as string, '2026-03-01T10:01:30Z', 's1', 'assistant'],
  ['My sister Ana lives in Madrid; she is a nurse.', '2026-03-01T10:02:00Z', 's1'],
  [ACKS[2] as string, '2026-03-01T10:02:30Z', 's1', 'assistant'],
  ['Ana and I cook Thai food together when I visit Madrid.', '2026-03-01T10:03:00Z', 's1'],
  [ACKS[8] as string, '2026-03-08T08:59:00Z', 's2', 'assistant'],
  ['I switched to Todoist last week, Notion was too slow.', '2026-03-08T09:00:00Z', 's2'],
  [ACKS[3] as string, '2026-03-08T09:00:30Z', 's2', 'assistant'],
  ['Shall I book the vegetarian tasting menu at Kin Khao for Friday?', '2026-03-08T09:01:00Z', 's2', 'assistant'],
  ['Yes.', '2026-03-08T09:01:30Z', 's2'],
  ['I run every morning before work.', '2026-03-08T09:02:00Z', 's2'],
  [ACKS[4] as string, '2026-03-08T09:02:30Z', 's2', 'assistant'],
  ['My dentist appointment is on the 20th.', '2026-03-08T09:03:00Z', 's2'],
  [ACKS[5] as string, '2026-03-08T09:03:30Z', 's2', 'assistant'],
  [ACKS[7] as string, '2026-03-09T08:00:00Z', 's3', 'assistant'],
  ['Can you remind me to call Ana on Sunday?', '2026-03-09T08:01:00Z', 's3'],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'acks', datedTurnEvents('priya', TURNS));
});

describe('synthesize: acknowledgements say nothing', () => {
  it.each([
    ['Tell me about myself.'],
    ['What did I tell you about my sister?'],
    ['Which app do I use for my to-do lists?'],
    ['What did I share about my mornings?'],
    ['When is my dentist appointment?'],
    ['Tell me about Priya.'],
  ])('leaves the assistant’s thanks and "noted" out of the context of %s', async (query) => {
    const pack = await hx.synthesize(query, { subjectId: 'priya', maxTokens: 2000 });
    for (const ack of ACKS) expect(pack.context, pack.context).not.toContain(ack);
  });

  it('still gives the turns the question asks about', async () => {
    const pack = await hx.synthesize('What did I tell you about my sister?', { subjectId: 'priya', maxTokens: 2000 });
    expect(pack.context, pack.context).toMatch(/Ana lives in Madrid/);
  });

  it('keeps a bare yes: it answers the question before it', async () => {
    const pack = await hx.synthesize('Should you book the vegetarian tasting menu at Kin Khao?', {
      subjectId: 'priya',
      maxTokens: 2000,
    });
    expect(pack.context, pack.context).toMatch(/priya: Yes\./);
  });

  it('names no acknowledgement word as a session topic', async () => {
    const { artifacts } = await hx.listArtifacts({ limit: 100 });
    const summary = artifacts.find((a) => a.type === 'session_summary' && a.markdown.includes('Session s1'));
    const topics = /Topics: ([^\n]*)\./.exec(summary?.markdown ?? '')?.[1]?.split(', ');
    // The session's own repeated words are its topics; "thanks", said twice by the assistant, is none.
    expect(topics, summary?.markdown).toEqual(expect.arrayContaining(['madrid', 'thai']));
    for (const word of ['thanks', 'telling', 'sharing', 'noted', 'sounds', 'good', 'great'])
      expect(topics).not.toContain(word);
  });
});

describe('synthesize: a choice found by its kind', () => {
  it('finds the task manager by the words "task manager", which no turn says', async () => {
    const pack = await hx.synthesize('What task manager do I use?', { subjectId: 'priya', maxTokens: 120 });
    expect(pack.context, pack.context).toMatch(/priya prefers Todoist \(task manager\)/);
  });
});

describe('synthesize: a tool for a purpose, replaced by a known one', () => {
  it('gives the task manager switched to, and leaves out the one before', async () => {
    const pack = await hx.synthesize('Which app do I use for my to-do lists?', { subjectId: 'priya', maxTokens: 2000 });
    expect(pack.context, pack.context).toMatch(/Todoist/);
    expect(pack.context).not.toMatch(/Notion for (?:my|their) to-do lists/);
    expect(pack.budget.omitted.superseded).toBeGreaterThan(0);
  });
});

describe("synthesize: a greeting's question lends nothing", () => {
  it('ranks no turn up for following "How can I help?"', async () => {
    const lena = await learnedTenant(
      server,
      'acks-greeting',
      datedTurnEvents('lena', [
        ["Hi! I'm Lena, I live in Chicago.", '2026-01-05T09:00:00Z', 'g1'],
        ['Welcome Lena! How can I help?', '2026-01-05T09:00:10Z', 'g1', 'assistant'],
        ['My son Leo is allergic to peanuts.', '2026-01-05T09:01:00Z', 'g1'],
        ["I'm training for the Chicago marathon in October.", '2026-03-01T09:00:00Z', 'g2'],
        ['I hurt my knee so I had to drop out of the marathon.', '2026-09-20T09:00:00Z', 'g3'],
      ]),
    );
    const pack = await lena.synthesize('Is Lena running the marathon?', { subjectId: 'lena', maxTokens: 400 });
    // The greeting matched "Lena" and asks a question: its reply took the whole of its score as an
    // answer would, and "lena's son is Leo" (learned from the reply) came before the marathon (probe, 2026-12-07).
    const at = (re: RegExp) => pack.entries.findIndex((e) => re.test(e.content));
    expect(at(/marathon/), pack.context).toBeGreaterThanOrEqual(0);
    expect(at(/marathon/), pack.context).toBeLessThan(at(/son is Leo/));
  });
});
