/**
 * A question asking for several things finds them told in different sessions: the turns of one
 * session about the first item do not take every first place (diversify.ts, LIST_SESSION_SIMILARITY).
 * A question asking for one thing keeps the order of its matches. Through HTTP with the typed client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  capturedTenant,
  citedEventIds,
  conversationEvents,
  expectStatus,
  type HxTestClient,
  type SpokenTurn,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();
let api: HxTestClient;
let ids: string[];

// One session about a day at the beach (its turns share few words), and one turn of another session.
const beach: SpokenTurn[] = [
  ['Melanie', 'We spent the whole day at the beach with the kids.'],
  ['Melanie', 'The kids built a huge sandcastle near the water.'],
  ['Melanie', 'Then the kids and I played frisbee until sunset.'],
];
const museum: SpokenTurn[] = [
  ['Melanie', 'Last month I took my kids to the science museum downtown, a long trip.'],
  ['Melanie', 'The kids loved the dinosaur hall most of all, honestly, more than anything.'],
  ['Melanie', 'We bought the kids a fossil kit at the gift shop on the way out.'],
];

beforeAll(async () => {
  ({ api, ids } = await capturedTenant(server, 'list-sessions', [
    ...conversationEvents(beach, { namespace: 'talk', session: 'beach' }),
    ...conversationEvents(museum, { namespace: 'talk', session: 'museum' }),
  ]));
});

async function cited(query: string): Promise<string[]> {
  const res = await api.synthesize.synthesize({ body: { query, namespace: 'talk' } });
  return citedEventIds(expectStatus(res, 200).body.data.entries);
}

describe('synthesize: the items of a list from different sessions', () => {
  it('puts the other session second for a question asking for several things', async () => {
    const order = await cited('What activities has Melanie done with the kids?');
    const museumIds = ids.slice(beach.length);
    // Without the sessions weighed, the beach took the first three places.
    expect(museumIds).toContain(order[1]);
  });

  it('keeps the order of the matches for a question asking for one thing', async () => {
    const order = await cited('What did Melanie do with the kids?');
    expect(new Set(order.slice(0, beach.length))).toEqual(new Set(ids.slice(0, beach.length)));
  });
});
