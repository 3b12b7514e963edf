import { describe, expect, it } from 'vitest';
import { episodeRepeats, withoutRepeatedEpisodes } from './repeats.js';

describe('episodeRepeats', () => {
  it('is a repeat when the facts say its words but those of time', () => {
    expect(episodeRepeats('dana: I moved to Porto last month, I live in Porto now.', ['dana lives in Porto'])).toBe(
      true,
    );
  });

  it('is no repeat when it tells more, or with no fact beside it', () => {
    const more = 'dana: I moved to Porto last month and adopted a dog named Rex.';
    expect(episodeRepeats(more, ['dana lives in Porto'])).toBe(false);
    expect(episodeRepeats('dana: I moved to Porto last month.', [])).toBe(false);
  });
});

describe('withoutRepeatedEpisodes', () => {
  const m = (id: string, kind: string, content: string, sourceEventIds: string[]) => ({
    id,
    kind,
    content,
    sourceEventIds,
  });

  it('leaves out an episode only when a fact of the same events says it', () => {
    const fact = m('f', 'fact', 'dana lives in Porto', ['e1']);
    const repeat = m('a', 'episode', 'dana: I moved to Porto last month, I live in Porto now.', ['e1']);
    const elsewhere = m('b', 'episode', 'dana: I moved to Porto last month, I live in Porto now.', ['e2']);
    expect(withoutRepeatedEpisodes([fact, repeat, elsewhere]).map((x) => x.id)).toEqual(['f', 'b']);
  });
});
