/**
 * The reply to a question asked right after a strong turn: "Look, my turtle Shelly is easy: she basks
 * all day" ranks among the best turns (it holds three of the query's words, the others two), the next
 * turn asks "Is looking after one hard?" (one word of the query, too weak to rank among the best
 * itself), and the reply after it ("Not really: a clean tank and good food") is the answer, though it
 * shares no word with the query. A question that shares no word with the query lends nothing to its
 * reply. A question need not end its turn: one followed by an afterthought still asks, both for the
 * reply right after a strong turn and two turns on. For a query asking for one thing, question and
 * reply rank as one passage. Through HTTP with the typed client, each case in its own tenant.
 */
import { describe, expect, it } from 'vitest';
import {
  capturedTenant,
  citedEventIds,
  conversationEvents,
  expectStatus,
  type SpokenTurn,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

// Stronger matches elsewhere, so the question itself is not among the best turns.
const others: SpokenTurn[] = Array.from({ length: 24 }, (_, i) => ['Sam', `Look at turtle number ${i + 1}!`]);

/** The event ids cited by a synthesize of `query` in a tenant holding `thread` beside the others. */
async function citedAfter(
  thread: SpokenTurn[],
  query: string,
  /** Turns of other sessions: `rivals`, and the stronger matches (`others` unless given). */
  { rivals = [], stronger = others }: { rivals?: SpokenTurn[]; stronger?: SpokenTurn[] } = {},
): Promise<{ ids: string[]; cited: string[]; rivalIds: string[] }> {
  const { api, ids } = await capturedTenant(server, 'reply', [
    ...conversationEvents(thread, { namespace: 'talk', session: 'thread' }),
    ...conversationEvents([...stronger, ...rivals], { namespace: 'talk', session: (i) => `other-${i}` }),
  ]);
  const res = await api.synthesize.synthesize({ body: { query, namespace: 'talk', options: { maxTokens: 4000 } } });
  const cited = citedEventIds(expectStatus(res, 200).body.data.entries);
  return { ids, cited, rivalIds: ids.slice(ids.length - rivals.length) };
}

describe('synthesize: the reply to a question next to a strong turn', () => {
  it("cites the reply to the question its neighbour asks in the query's words", async () => {
    const { ids, cited } = await citedAfter(
      [
        ['Nate', 'Look, my turtle Shelly is easy: she basks under the heat lamp all day.'],
        ['Joanna', 'So cute! Is looking after one hard?'],
        ['Nate', 'Not really: a clean tank and good food.'],
      ],
      'Is a turtle easy to look after?',
    );
    expect(cited).toContain(ids[2]);
  });

  it('lends nothing to the reply of a question about something else', async () => {
    const { ids, cited } = await citedAfter(
      [
        ['Nate', 'Look! My turtle Max, look: the turtle naps, look at that turtle!'],
        ['Joanna', 'Ha! What else is new with you?'],
        ['Nate', 'I got a new job at the studio downtown.'],
      ],
      'Is a turtle easy to look after?',
    );
    expect(cited).toContain(ids[0]);
    expect(cited).not.toContain(ids[2]);
  });

  it('cites the reply to a question followed by an afterthought, two turns on', async () => {
    const { ids, cited } = await citedAfter(
      [
        ['Nate', 'Look, my turtle Shelly is easy: she basks under the heat lamp all day.'],
        ['Joanna', 'So cute! Is looking after one hard? My cat is a handful.'],
        ['Nate', 'Not really: a clean tank and good food.'],
      ],
      'Is a turtle easy to look after?',
    );
    expect(cited).toContain(ids[2]);
  });

  it('ranks the reply right after a strong turn whose question is followed by an afterthought', async () => {
    const { ids, cited } = await citedAfter(
      [
        ['Joanna', 'Bummer about the turtle show. Is this the turtle you entered? Turtle shows are tough, keep at it.'],
        ['Nate', 'Yes, Shelly. She came in second place.'],
      ],
      'Which turtle was entered in the turtle show?',
      // Weaker matches than the strong turn, stronger than a plain neighbour's share of it.
      {
        rivals: [
          ['Sam', 'The show last week was fun to watch.'],
          ['Sam', 'My sister entered a painting contest.'],
          ['Sam', 'That show had great music.'],
        ],
      },
    );
    // The reply shares no word with the query: it is ranked by the question it answers, as one passage.
    expect(cited.slice(0, 2)).toEqual([ids[0], ids[1]]);
  });

  it('ranks that reply with its question when the query asks for one thing', async () => {
    const { ids, cited, rivalIds } = await citedAfter(
      [
        ['Nate', 'Look, my turtle Shelly is easy, so easy: she basks under the heat lamp all day.'],
        ['Joanna', 'So cute! Is she easy?'],
        ['Nate', 'Not really: a clean tank and good food.'],
      ],
      'Is a turtle easy to look after?',
      {
        // Nineteen stronger matches: the strong turn is among the 20 best (it repeats "easy"), its
        // neighbour's question is not.
        stronger: Array.from({ length: 19 }, (_, i) => ['Sam', `Look, turtle number ${i + 1} is easy!`]),
        rivals: [
          ['Sam', 'Turtles are easy to draw.'],
          ['Sam', 'Look, baking bread is easy.'],
        ],
      },
    );
    // Question and reply as one passage: the reply gets the question's own match beside its share of
    // the strong turn, and comes before turns matching about as well as the question (a share alone
    // ranks it below them).
    const at = (id: string) => cited.indexOf(id);
    expect(at(ids[2] as string)).toBeGreaterThanOrEqual(0);
    for (const rival of rivalIds) expect(at(ids[2] as string)).toBeLessThan(at(rival));
  });
});
