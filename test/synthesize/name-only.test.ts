/**
 * A question whose only word found in the turns is the name of the person it asks about: every turn of
 * that person holds the name (speaker) and nothing else of the question, so length alone ranked them,
 * and the shortest said least ("Bye Nate!" first for "Where did Joanna travel?", seen on LoCoMo). A turn
 * that holds only the names asked is not ranked up for being short. Through HTTP with the typed client.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const turn = (speaker: string, text: string, at: string): CaptureEvent => ({
  type: 'message',
  sessionId: `s-${at.slice(0, 10)}`,
  namespace: 'chat',
  occurredAt: at,
  payload: { role: 'user', content: text },
  metadata: { speaker },
});

describe('synthesize: turns that hold only the name asked', () => {
  it('does not put the shortest of them first', async () => {
    const { apiKey } = await newTenant(server, 'name-only');
    const api = server.api(apiKey);
    const events = [
      turn('Joanna', 'Bye Nate!', '2022-06-05T18:00:00Z'),
      turn('Nate', 'See you, take care.', '2022-06-05T18:01:00Z'),
      turn('Joanna', 'Ok!', '2022-06-20T18:00:00Z'),
      turn(
        'Joanna',
        'Thanks Nate! I went to Woodhaven, a small town in the Midwest, and checked out its library with an old book collection.',
        '2022-07-10T18:00:00Z',
      ),
      turn('Nate', 'That place looks interesting! Did you find any cool books there?', '2022-07-10T18:01:00Z'),
    ];
    expectStatus(await api.capture.captureBatch({ body: { events } }), 201);
    const res = await api.synthesize.synthesize({
      body: { query: 'Tell me about Joanna.', namespace: 'chat', options: { maxTokens: 400 } },
    });
    const { context } = expectStatus(res, 200).body.data;
    const first = context.split('\n').find((line) => line.startsWith('- '));
    expect(first, context).toContain('Woodhaven');
  });
});
