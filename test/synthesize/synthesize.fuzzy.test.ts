/**
 * Names the full-text index has never seen in the scope (a misspelt surname, say) are found by
 * trigram similarity over learned memories, through real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaptureEvent } from '@hx-memory/contract';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;

beforeAll(async () => {
  ({ apiKey } = await newTenant(server, 'fuzzy'));
  const events = [
    'I had a long meeting with Agnieszka Wojciechowska about the Zurich office lease.',
    'The quarterly report is due on Friday and needs the sales figures.',
    'We should order more coffee for the kitchen.',
  ].map(
    (content, i): CaptureEvent => ({
      type: 'message',
      sessionId: 'fuzzy-s1',
      namespace: 'fuzzy',
      occurredAt: `2024-03-0${i + 1}T10:00:00Z`,
      payload: { role: 'user', content },
    }),
  );
  const api = server.api(apiKey);
  expectStatus(await api.capture.captureBatch({ body: { events } }), 201);
  const learned = await api.learn.learn({ body: { namespace: 'fuzzy', wait: true } });
  expect(learned.body).toMatchObject({ data: { status: 'completed' } });
});

/** Synthesize `query` over the facts of the 'fuzzy' namespace. */
const synth = (query: string) =>
  server.api(apiKey).synthesize.synthesize({ body: { query, namespace: 'fuzzy', options: { sections: ['facts'] } } });

describe('POST /v1/synthesize with a misspelt name', () => {
  it('finds the memories about the person by trigram similarity', async () => {
    const res = await synth('What did Wojciechowski say?');
    const { entries } = expectStatus(res, 200).body.data;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]?.content).toContain('Wojciechowska');
    expect(entries[0]?.provenance[0]?.sourceType).toBe('memory');
  });

  it('finds nothing for a name that resembles nothing in the scope', async () => {
    const res = await synth('Xylophonequartz?');
    expect(expectStatus(res, 200).body.data.entries).toEqual([]);
  });
});
