/**
 * Pastimes asked for by their kind (issue 28, multi-hop): "What are my hobbies?" shares no word with
 * "we went camping" or "I just signed up for a pottery class". Learn names the kind in a memory of
 * each pastime, which the question's word finds and which cites its turn. Through the SDK against a
 * listening server; each test failed before learn read pastimes.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TURNS: DatedTurn[] = [
  ["I'm off to go swimming with the kids, talk later!", '2026-02-01T17:00:00Z', 'p1'],
  ['We went camping at the lake last weekend, the kids loved it.', '2026-02-09T18:00:00Z', 'p2'],
  ['I just signed up for a pottery class at the community center.', '2026-02-15T19:00:00Z', 'p3'],
  ['I play the cello in a small orchestra on Thursdays.', '2026-02-20T20:00:00Z', 'p4'],
  ['My brother plays guitar in a band, they are touring in March.', '2026-02-22T20:00:00Z', 'p5'],
  ["I don't like running, my knees hate it.", '2026-02-25T07:00:00Z', 'p6'],
  ['Your painting of the harbour is lovely, by the way.', '2026-02-26T09:00:00Z', 'p7', 'assistant'],
  ['My dog Biscuit loves the beach more than anyone.', '2026-02-27T09:00:00Z', 'p8'],
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'pastimes', datedTurnEvents('ana', TURNS));
});

describe('synthesize: pastimes asked for by their kind', () => {
  it("lists the user's hobbies from turns that never say the word, each citing its turn", async () => {
    const pack = await hx.synthesize('What are my hobbies?', { maxTokens: 600 });
    for (const pastime of ['swimming', 'camping', 'pottery'])
      expect(pack.context, pack.context).toContain(`ana's hobbies and activities include ${pastime}`);
    // Not done (running), or someone else's (the brother's guitar, a painting the assistant praised).
    expect(pack.context).not.toMatch(/include (?:running|painting)/);
    const pottery = pack.entries.find((e) => e.content.includes('include pottery'));
    expect(pottery?.provenance.some((p) => p.sourceType === 'event')).toBe(true);
  });

  it('lists the pastimes done outdoors first when asked for those, before the others', async () => {
    const pack = await hx.synthesize('What outdoor activities do I enjoy?', { maxTokens: 600 });
    const contents = pack.entries.map((e) => e.content);
    const at = (pastime: string) => contents.indexOf(`ana's hobbies and activities include ${pastime}`);
    expect(at('swimming'), pack.context).toBeGreaterThanOrEqual(0);
    expect(at('camping'), pack.context).toBeGreaterThanOrEqual(0);
    // Pottery is a pastime too, but not one done outdoors: not raised, so below both if there at all.
    const pottery = at('pottery');
    expect(pottery === -1 || pottery > Math.max(at('swimming'), at('camping')), pack.context).toBe(true);
  });

  it('answers which pets the user has from "my dog Biscuit": the memory names the kind', async () => {
    const pack = await hx.synthesize('What pets do I have?', { maxTokens: 300 });
    expect(pack.context, pack.context).toContain("ana's pet dog is called Biscuit");
  });

  it("answers which instruments the user plays, and not their brother's", async () => {
    const pack = await hx.synthesize('What instruments do I play?', { maxTokens: 400 });
    expect(pack.context, pack.context).toContain('ana plays the cello (a musical instrument)');
    expect(pack.context).not.toContain('ana plays the guitar');
  });
});

describe('synthesize: the pastimes of the person the question names', () => {
  let two: Hx;
  beforeAll(async () => {
    // Two people talking (LoCoMo's shape): each turn's speaker in its metadata.
    const turn = (speaker: string, content: string, day: string): CaptureEvent => ({
      type: 'message',
      sessionId: `s-${day}`,
      occurredAt: `2026-03-${day}T18:00:00Z`,
      payload: { role: 'user', content },
      metadata: { speaker },
    });
    two = await learnedTenant(server, 'pastimes-two', [
      turn('Gina', 'I play tennis with my sister every Saturday morning.', '02'),
      turn('Jon', 'Nice! I have been surfing a lot lately, the waves were great this week.', '02'),
      turn('Gina', 'The store is doing well, we sold out of hoodies again.', '09'),
      turn('Jon', 'The studio is almost ready, I keep thinking about the opening and the dancers.', '09'),
      turn('Gina', 'Do you still go to the games at the stadium with your friends?', '16'),
      turn('Jon', 'Every week! Sports keep me sane, especially after long days at the studio.', '16'),
    ]);
  });

  it("ranks the named person's pastimes first, not the other's", async () => {
    const pack = await two.synthesize('What sports does Jon like?', { maxTokens: 300 });
    const contents = pack.entries.map((e) => e.content);
    expect(contents[0], pack.context).toBe("Jon's sports and activities include surfing");
    // Gina's, matching "sports" as well, is not raised: if it is there at all, it is further down.
    const gina = contents.indexOf("Gina's sports and activities include tennis");
    expect(gina === -1 || gina > 1, pack.context).toBe(true);
  });
});
