/**
 * Synthesize reads its candidate and lineage rows as one JSON document (candidates.ts jsonRows), not
 * column by column: what an entry says must still be the stored text and dates exactly, whatever
 * characters the text holds (quotes, backslashes, JSON of its own, non-Latin scripts, emoji),
 * and a learned memory must still stand for the event it came from.
 */
import { Hx } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const TEXTS = [
  `O'Brien said "the quokka's key is C:\\vault\\quokka\\n" — not '\\x00' nor \\u0041.`,
  'The quokka config is {"region": "eu-west-1", "retries": [1, 2, 3]} as JSON inside the text.',
  'Quokka notes in other scripts: São Paulo, Zürich, 東京, Київ, مرحبا 🎉🦘.',
];
const AT = ['2026-03-01T10:00:00.123Z', '2026-03-02T11:30:45.000Z', '2026-03-03T23:59:59.999Z'];

describe('synthesize: rows read as JSON', () => {
  it("gives each event's text and time exactly as captured", async () => {
    const { apiKey } = await newTenant(server, 'row-text');
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const ids: string[] = [];
    for (const [i, content] of TEXTS.entries()) {
      const res = await hx.capture({
        type: 'message',
        sessionId: 's1',
        occurredAt: AT[i],
        payload: { role: 'user', content },
      });
      ids.push(res.eventId);
    }
    const pack = await hx.synthesize('quokka', { maxTokens: 2000, sections: ['context'] });
    for (const [i, id] of ids.entries()) {
      const entry = pack.entries.find((e) => e.provenance.some((p) => p.sourceType === 'event' && p.sourceId === id));
      expect(entry, TEXTS[i]).toBeDefined();
      expect(entry?.content).toContain(TEXTS[i]);
      expect(entry?.occurredAt).toBe(AT[i]);
    }
  });

  it('leaves out an event said by the memory learned from it, and cites it there', async () => {
    const { apiKey } = await newTenant(server, 'row-lineage');
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const { eventId } = await hx.capture({
      type: 'message',
      sessionId: 's1',
      subjectId: 'ana',
      occurredAt: '2026-03-01T10:00:00.000Z',
      payload: { role: 'user', content: 'I live in Zürich and my favourite café is "Café O\'Brien".' },
    });
    await hx.learn({ subjectId: 'ana', wait: true });
    const pack = await hx.synthesize('Where does ana live?', { subjectId: 'ana', maxTokens: 2000 });
    expect(pack.context.match(/Zürich/g)?.length).toBe(1);
    const citing = pack.entries.filter((e) =>
      e.provenance.some((p) => p.sourceType === 'event' && p.sourceId === eventId),
    );
    expect(citing.length).toBeGreaterThan(0);
    expect(citing.every((e) => e.kind !== 'event')).toBe(true);
  });
});
