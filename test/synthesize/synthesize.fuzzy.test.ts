/**
 * Names the full-text index has never seen in the scope (a misspelt surname, say) are found by
 * trigram similarity over learned memories, through real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, newTenant } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;

beforeAll(async () => {
  ({ apiKey } = await newTenant(server, 'fuzzy'));
  const events = [
    'I had a long meeting with Agnieszka Wojciechowska about the Zurich office lease.',
    'The quarterly report is due on Friday and needs the sales figures.',
    'We should order more coffee for the kitchen.',
  ].map((content, i) => ({
    type: 'message',
    sessionId: 'fuzzy-s1',
    namespace: 'fuzzy',
    occurredAt: `2024-03-0${i + 1}T10:00:00Z`,
    payload: { role: 'user', content },
  }));
  const captured = await server.http().post('/v1/capture/batch').set(auth(apiKey)).send({ events });
  expect(captured.status).toBe(201);
  const learned = await server.http().post('/v1/learn').set(auth(apiKey)).send({ namespace: 'fuzzy', wait: true });
  expect(learned.body.data.status).toBe('completed');
});

describe('POST /v1/synthesize with a misspelt name', () => {
  it('finds the memories about the person by trigram similarity', async () => {
    const res = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(apiKey))
      .send({ query: 'What did Wojciechowski say?', namespace: 'fuzzy', options: { sections: ['facts'] } });
    expect(res.status).toBe(200);
    const entries = res.body.data.entries as Array<{ content: string; provenance: Array<{ sourceType: string }> }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]?.content).toContain('Wojciechowska');
    expect(entries[0]?.provenance[0]?.sourceType).toBe('memory');
  });

  it('finds nothing for a name that resembles nothing in the scope', async () => {
    const res = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(apiKey))
      .send({ query: 'Xylophonequartz?', namespace: 'fuzzy', options: { sections: ['facts'] } });
    expect(res.status).toBe(200);
    expect(res.body.data.entries).toEqual([]);
  });
});
