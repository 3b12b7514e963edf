/**
 * POST /v1/synthesize through real HTTP: the reply to a turn that asks what the query asks is the
 * answer, though it rarely repeats the query's words (question-and-reply pairs of a conversation).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, newTenant, conversationEvents, type SpokenTurn, useTestServer } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;
let ids: string[];

const turns: SpokenTurn[] = [
  ['Nate', 'Last Monday I hosted my first cooking show and taught people vegan recipes!'],
  ['Joanna', "Congrats on the cooking show, Nate! What's your favorite dish from the show?"],
  ['Nate', 'Coconut milk ice cream is at the top of my list: smooth, creamy and tropical.'],
  ['Joanna', 'I watched a dish competition show last night, my favorite episode so far.'],
  ['Nate', 'My favorite part of hosting any show is meeting the audience afterwards.'],
  ['Joanna', 'The dish I cook most is pasta, it is my favorite comfort food.'],
  ['Nate', 'The show had a lovely kitchen and the cooking went smoothly, no dish burnt.'],
  ['Joanna', 'See you soon, I have to go and walk the dog.'],
];

beforeAll(async () => {
  ({ apiKey } = await newTenant(server, 'answers'));
  const events = conversationEvents(turns, { namespace: 'talk', session: 'cooking' });
  const res = await server.api(apiKey).capture.captureBatch({ body: { events } });
  ids = expectStatus(res, 201).body.data.results.map((r) => r.eventId);
});

const firstEvents = async (query: string, n: number) => {
  const res = await server.api(apiKey).synthesize.synthesize({ body: { query, namespace: 'talk' } });
  return expectStatus(res, 200)
    .body.data.entries.slice(0, n)
    .map((e) => e.provenance[0]?.sourceId);
};

describe('synthesize: questions and their replies', () => {
  it('ranks the reply to the matching question among the first two, above turns that only share words', async () => {
    const first = await firstEvents("What is Nate's favorite dish from the cooking show he hosted?", 2);
    expect(first).toContain(ids[2]);
  });

  it('lends no more than a neighbour share to a reply by someone other than the person the query names', async () => {
    // Joanna asks; the next turn is Nate's. A query about Joanna must not lift Nate's reply above her turn.
    const ranked = await firstEvents('What is Joanna favorite dish?', turns.length);
    expect(ranked[0]).toBe(ids[5]);
    expect(ranked.indexOf(ids[2])).toBeGreaterThan(ranked.indexOf(ids[1]));
  });
});
