import type { SynthesizeSection } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { factKey, type PackInput, packContext } from './pack-context.js';
import { SECTION_TITLES } from './sections.js';

let id = 0;
function input(section: SynthesizeSection, kind: string, content: string): PackInput {
  id += 1;
  return {
    entry: {
      section,
      content,
      confidence: 1,
      score: 1,
      kind,
      occurredAt: '2023-05-08T10:00:00.000Z',
      validFrom: null,
      validTo: null,
      provenance: [{ sourceType: kind === 'event' ? 'event' : 'memory', sourceId: `id_${id}` }],
    },
    date: '2023-05-08',
  };
}

const turn = (words: string) =>
  input(
    'context',
    'event',
    `Melanie: ${words} It was such a long and lovely day with the kids, we talked for hours about everything that happened this year and laughed a lot.`,
  );
const fact = (pastime: string) => input('facts', 'fact', `Melanie's hobbies and activities include ${pastime}`);
/** Packed as synthesize packs for a query no section answers by its kind: every section's place by its entries. */
const pack = (inputs: PackInput[]) =>
  packContext(
    inputs,
    2000,
    SECTION_TITLES.map(([s]) => s),
    0,
  );
const headings = (context: string) => context.split('\n').filter((l) => l.startsWith('## '));

describe('the reading order of the sections', () => {
  it('opens with short compiled facts ranked just below a long raw turn, before the other turns', () => {
    // Ranked: a long turn, then the facts that list the answer, then more long turns. By the best
    // entry alone, every turn came first and the facts were read last (LoCoMo: "What activities does
    // Melanie partake in?" had its pastimes after 1,900 tokens of turns).
    const inputs = [
      turn('I signed up for a pottery class yesterday.'),
      fact('painting'),
      fact('camping'),
      fact('swimming'),
      turn('We went to the beach.'),
      turn('The museum was fun.'),
      turn('I read a book.'),
    ];
    const packed = pack(inputs);
    expect(headings(packed.context)).toEqual(['## Facts and preferences', '## Recent episodes and context']);
    // The order of `entries` is the rank order, whatever the reading order.
    expect(packed.entries.map((e) => e.section)).toEqual([
      'context',
      'facts',
      'facts',
      'facts',
      'context',
      'context',
      'context',
    ]);
  });

  it('keeps the best entry first when what else there is ranks far below it', () => {
    const inputs = [
      input('context', 'event', 'Melanie: I went camping last week.'),
      turn('We went to the beach.'),
      turn('The museum was fun.'),
      turn('I read a book.'),
      turn('We baked a cake.'),
      fact('painting'),
      fact('hiking'),
    ];
    expect(headings(pack(inputs).context)).toEqual(['## Recent episodes and context', '## Facts and preferences']);
  });

  it('puts the sections that answer the query first whatever their rank', () => {
    const inputs = [turn('I fixed the build.'), input('procedures', 'procedure', 'To fix the build: clear the cache')];
    const packed = packContext(inputs, 2000, ['procedures', 'facts', 'context'], 1);
    expect(headings(packed.context)).toEqual(['## Procedures', '## Recent episodes and context']);
  });
});

describe('budget left over', () => {
  const long = (n: number) =>
    input(
      'facts',
      'fact',
      Array.from({ length: n }, (_, i) => `Priya said thing number ${i} about her week.`).join(' '),
    );

  it('gives a cut entry back the lines the budget left over holds, and leaves out nothing for them', () => {
    // A 400-token budget gives an entry after the first a quarter of it: the second entry was cut to
    // 100 tokens though nothing came after it (a profile's allergy line fell off a small context).
    const inputs = [input('context', 'event', 'Priya: Can you suggest a dinner?'), long(20)];
    const packed = packContext(
      inputs,
      400,
      SECTION_TITLES.map(([s]) => s),
      0,
    );
    expect(packed.truncated).toBe(0);
    expect(packed.context).toContain('thing number 19');
    expect(packed.used).toBeLessThanOrEqual(400);
  });

  it('keeps the entries packed after a cut one when widening it would leave one out', () => {
    const facts = Array.from({ length: 12 }, (_, i) => input('facts', 'fact', `Priya likes dish ${i} a lot`));
    const inputs = [input('context', 'event', 'Priya: Can you suggest a dinner?'), long(40), ...facts];
    const packed = packContext(
      inputs,
      400,
      SECTION_TITLES.map(([s]) => s),
      0,
    );
    expect(packed.included).toEqual(expect.arrayContaining(inputs.map((_, i) => i).slice(2)));
    expect(packed.used).toBeLessThanOrEqual(400);
  });
});

describe('factKey', () => {
  it('reads a line the same with or without the date written beside its time phrase', () => {
    const bare = factKey('sam: I started a new job at Spotify on May 4.');
    // "on May 4 (2026-05-04)" kept the date in the key: a summary's highlight did not repeat its turn.
    expect(factKey('- [episode] sam: I started a new job at Spotify on May 4 (2026-05-04).')).toBe(bare);
    expect(factKey('sam: We met yesterday (2026-05-03).')).toBe(factKey('sam: We met yesterday.'));
    // A date after anything else may be the fact itself.
    expect(factKey('v2 ships (2024-05-01)')).not.toBe(factKey('v2 ships'));
  });
});
