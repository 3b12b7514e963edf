/**
 * A question asking for one thing: the turn holding most of its words comes first, though another
 * session talks of the topic more. Fused by rank, the best match (1 / 61) and a turn holding one of
 * its words (1 / 62) were level, and the session weight (a session holding the topic in every turn)
 * put the weak turn first. Fused by score, BM25's margin stays. A question asking for several things
 * keeps the fusion by rank (its items spread over sessions). Through HTTP with the typed client.
 */
import { describe, expect, it } from 'vitest';
import { conversationEvents, expectStatus, newTenant, type SpokenTurn, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const chatter: SpokenTurn[] = [
  ['Melanie', 'Pottery class was fun again today.'],
  ['Caroline', 'You really love pottery!'],
  ['Melanie', 'Pottery takes so much patience though.'],
  ['Caroline', 'Is pottery messy?'],
  ['Melanie', 'Very, pottery clay gets everywhere.'],
  ['Caroline', 'Send me a pic of your pottery.'],
];
const answer: SpokenTurn[] = [
  ['Caroline', 'How was the weekend?'],
  ['Melanie', 'Quiet. My favourite glaze is a deep ocean blue, I like it best on pottery bowls.'],
  ['Caroline', 'That sounds lovely.'],
];

describe('synthesize: fusion by score for a question asking for one thing', () => {
  it('puts the turn holding most of the question first, over a session that talks of the topic more', async () => {
    const { apiKey } = await newTenant(server, 'fusion');
    const api = server.api(apiKey);
    const events = [
      ...conversationEvents(chatter, { namespace: 'talk', session: 'pottery' }),
      ...conversationEvents(answer, { namespace: 'talk', session: 'weekend' }),
    ];
    expectStatus(await api.capture.captureBatch({ body: { events } }), 201);
    const res = await api.synthesize.synthesize({
      body: {
        query: 'Which glaze does Melanie like best on her pottery?',
        namespace: 'talk',
        options: { maxTokens: 400 },
      },
    });
    const { context } = expectStatus(res, 200).body.data;
    const first = context.split('\n').find((line) => line.startsWith('- '));
    expect(first, context).toContain('ocean blue');
  });
});
