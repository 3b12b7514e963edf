/**
 * A question asking for things of one entity type ("Which cities have I visited?", "What books have
 * I read?") shares no word with the turns that name them ("Took a short trip last week to Rome"):
 * learn's entity memories of that type lead to those turns (issue 28, multi-hop). Through the SDK
 * against a listening server; each test failed before the type's entities were looked up.
 */
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TURNS: DatedTurn[] = [
  ['Took a short trip last week to Rome, the pasta alone was worth it.', '2026-02-03T18:00:00Z', 't1'],
  ['Back from a long weekend in Lisbon with my sister, so many hills.', '2026-03-10T18:00:00Z', 't2'],
  ['I lost my job at the bank yesterday, time to start something of my own.', '2026-03-20T09:00:00Z', 't3'],
  ['I finished "The Night Circus" last night, what an ending.', '2026-04-02T22:00:00Z', 't4'],
  ['My dance studio opens next month, the floors are going in now.', '2026-04-15T10:00:00Z', 't5'],
  ['I have been rehearsing hard for the showcase every evening.', '2026-04-20T20:00:00Z', 't6'],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'type-hops', datedTurnEvents('jon', TURNS));
});

describe('synthesize: things of one entity type asked for by the type', () => {
  it('finds the turns that name the places, though they share no word with the question', async () => {
    const pack = await hx.synthesize('Which cities have I visited?', { maxTokens: 400 });
    expect(pack.context, pack.context).toContain('to Rome, the pasta');
    expect(pack.context).toContain('long weekend in Lisbon');
    // The turns the places lead to come before the rest.
    const cited = pack.entries.filter((e) => e.kind === 'event').map((e) => e.content);
    expect(
      cited.slice(0, 2).every((c) => /Rome|Lisbon/.test(c)),
      cited.join('\n'),
    ).toBe(true);
  });

  it('finds the turn that names a book by its title when the question asks for books', async () => {
    const pack = await hx.synthesize('What books have I read lately?', { maxTokens: 400 });
    expect(pack.context, pack.context).toContain('"The Night Circus"');
    expect(pack.context).not.toContain('trip last week to Rome');
  });
});
