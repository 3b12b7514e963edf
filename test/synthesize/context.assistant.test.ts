/**
 * What the agent reads (issue 28), tried as a personal assistant would use it: one user's family
 * over two months (a husband's diet that changes, a daughter's lessons, an appointment to be reminded
 * of), captured, learned once, then the questions an assistant asks. Each test failed on the context
 * before its fix.
 */
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TURNS: DatedTurn[] = [
  ['My birthday is on March 14.', '2026-01-10T09:00:00Z', 'a1'],
  ['My husband Leo is vegetarian, and our daughter Zoe is 7.', '2026-01-10T09:01:00Z', 'a1'],
  ['Zoe started piano lessons last week, she loves it.', '2026-01-20T18:00:00Z', 'a2'],
  // Said on a Tuesday: the Friday to come.
  ['Can you remind me that Leo has a dentist appointment on Friday at 3pm?', '2026-01-20T18:02:00Z', 'a2'],
  ['Sure, I will remind you on Friday morning.', '2026-01-20T18:03:00Z', 'a2', 'assistant'],
  ['We adopted a dog named Biscuit yesterday!', '2026-02-02T08:00:00Z', 'a3'],
  ['I started a new job at Figma as a product designer.', '2026-02-15T12:00:00Z', 'a4'],
  ['I hate cilantro, never put it in recipes for me.', '2026-03-02T19:00:00Z', 'a5'],
  ['Leo is now vegan, not just vegetarian.', '2026-03-05T19:00:00Z', 'a6'],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'assistant', datedTurnEvents('maya', TURNS));
});

describe('synthesize: the people around the subject', () => {
  it("brings the subject's profile and her family's current facts to a question that names none of them", async () => {
    const pack = await hx.synthesize('Suggest a dinner recipe for the family', { subjectId: 'maya', maxTokens: 600 });
    // Her own profile, not only the last one learn touched (Leo's)...
    expect(pack.context, pack.context).toMatch(/^### Profile: maya/m);
    expect(pack.context).toMatch(/maya dislikes cilantro|never put it in recipes/);
    // ...and her husband's diet as it is now: vegan, the vegetarian of January superseded.
    expect(pack.context).toMatch(/Leo is vegan/);
    expect(pack.context).not.toMatch(/Leo is vegetarian/);
  });
});

describe("synthesize: the subject's own profile found by the question's words", () => {
  it("puts no relative's profile ahead of the facts the question asks about", async () => {
    const pack = await hx.synthesize('Where does maya work?', { subjectId: 'maya', maxTokens: 600 });
    // Her own profile matched the question, so the loop placing profiles did not move on: Leo's took
    // the second place with the best match's score and opened the context (a probe, 2026-12-07).
    expect(pack.entries[0]?.content, pack.context).toMatch(/maya works at Figma/);
    const leo = pack.entries.findIndex((e) => /^# Profile: Leo/.test(e.content));
    expect(leo === -1 || leo >= 2, pack.entries.map((e) => e.content.slice(0, 40)).join(' | ')).toBe(true);
  });
});

describe('synthesize: a day to come', () => {
  it('dates an appointment on a weekday as the one ahead of when it was said', async () => {
    const pack = await hx.synthesize('When is the dentist appointment?', { maxTokens: 400 });
    const line = pack.context.split('\n').find((l) => /dentist appointment/.test(l)) ?? '';
    // Said on Tuesday 2026-01-20: Friday 2026-01-23, not the Friday before.
    expect(line, pack.context).toContain('(2026-01-23)');
  });
});
