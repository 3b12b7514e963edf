/**
 * Words that frame a question ("what kind of", "how many times") count less than the words it is
 * about: "What kind of music does Dana play?" is answered by the turn about the music Dana plays,
 * not by a turn thanking her for her kind words. Through HTTP with the typed client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  capturedTenant,
  conversationEvents,
  expectStatus,
  type HxTestClient,
  type SpokenTurn,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();
let api: HxTestClient;
let ids: string[];

const turns: SpokenTurn[] = [
  ['Dana', 'Sam, your kind words were so kind, thank you.'],
  ['Dana', 'Mostly jazz: piano music of the fifties.'],
  ['Sam', 'The music at the wedding was loud.'],
  ['Dana', 'My neighbour walks his dog at night.'],
  ['Sam', 'Festivals are expensive this year.'],
  ['Dana', 'I bought a new lamp for the living room.'],
  ['Sam', 'See you soon, I have to walk the dog.'],
];

beforeAll(async () => {
  ({ api, ids } = await capturedTenant(
    server,
    'frame',
    conversationEvents(turns, { namespace: 'talk', session: 'chat' }),
  ));
});

describe('synthesize: question-frame words', () => {
  it('ranks the turn about the music above the one about kind words', async () => {
    const res = await api.synthesize.synthesize({
      body: { query: 'What kind of music does Dana play?', namespace: 'talk' },
    });
    const entries = expectStatus(res, 200).body.data.entries;
    const first = entries[0]?.provenance.find((p) => p.sourceType === 'event')?.sourceId;
    expect(first).toBe(ids[1]);
  });
});
