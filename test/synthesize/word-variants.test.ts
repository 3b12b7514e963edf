/**
 * Everyday and written forms of a word (retrieval/word-variants.ts): a question asked formally finds
 * the turn written casually, and the other way round; a noun in -ion finds its verb, one in -ship its role. Each turn sits in its own session, so only a
 * word it shares with the question (or a form of one) can bring it into the context. Through HTTP with
 * the typed client.
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

const turns: SpokenTurn[] = [
  ['Melanie', 'My kids went wild for the dinosaur exhibit.'],
  ['Gina', 'Contemporary is my fave, no contest.'],
  ['Jon', 'Here is a photo of the studio on opening night.'],
  ['Caroline', 'I like the new cafe downtown.'],
  ['Melanie', 'We drove to the coast on Sunday.'],
  ['Melanie', "I've been running farther to de-stress, which has been great."],
  ['Jon', 'My new email is jon at example dot com.'],
  ['John', 'The kids react with awe every time they see it.'],
  ['Gina', 'We finally decided to open the second store.'],
  ['Maria', 'I miss my old school so much.'],
  ['Jon', 'I got mentored by an amazing business coach yesterday.'],
  ['Caroline', 'That was a hard week for all of us.'],
];

beforeAll(async () => {
  const events = conversationEvents(turns, { namespace: 'talk', session: (i) => `chat-${i}` });
  ({ api, ids } = await capturedTenant(server, 'variants', events));
});

async function citedEvents(query: string): Promise<string[]> {
  const res = await api.synthesize.synthesize({ body: { query, namespace: 'talk' } });
  return citedEventIds(expectStatus(res, 200).body.data.entries);
}

describe('synthesize: everyday and written forms of a word', () => {
  it('finds "kids" for a question about children', async () => {
    expect(await citedEvents('What do her children enjoy?')).toContain(ids[0]);
  });

  it('finds "fave" for a question about a favorite', async () => {
    expect(await citedEvents('Which genre is the favorite?')).toContain(ids[1]);
  });

  it('finds "photo" for a question about pics', async () => {
    expect(await citedEvents('Did anyone share pics?')).toContain(ids[2]);
  });

  it('finds "de-stress" for a question about how to destress, and "email" for an e-mail', async () => {
    // The parser keeps a hyphenated word as one lexeme ('de-stress'), which the joined word never matched.
    expect(await citedEvents('What helps to destress?')).toContain(ids[5]);
    expect(await citedEvents('What is the new e-mail?')).toContain(ids[6]);
  });

  it('finds the verb for a question naming the act with its noun', async () => {
    // The stemmer leaves "reaction" and "react", "decision" and "decided" apart.
    expect(await citedEvents('What was the reaction?')).toContain(ids[7]);
    expect(await citedEvents('What was the decision?')).toContain(ids[8]);
  });

  it('finds the role for a question naming it with its -ship noun', async () => {
    // The stemmer leaves "mentorship" and "mentored" apart ("When did Jon receive mentorship?").
    expect(await citedEvents('Who gave the mentorship?')).toContain(ids[10]);
  });

  it('does not bring in turns that share no form of a word', async () => {
    expect(await citedEvents('What do her children enjoy?')).not.toContain(ids[4]);
    // Not every noun in -ion comes from a verb: a mission is not missed.
    expect(await citedEvents('What was the mission?')).not.toContain(ids[9]);
    // Nor every noun in -ship from a role: a hardship is not hard.
    expect(await citedEvents('What was the hardship?')).not.toContain(ids[11]);
  });
});
