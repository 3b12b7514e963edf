/**
 * The cached token counter must equal the tokenizer library on any text: synthesize's budget
 * guarantee rests on it. Compares the two on hand-picked edge cases and on generated text mixing
 * words, numbers, punctuation, contractions, line breaks, runs of spaces, tabs and non-Latin scripts.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { tokenCount, truncateToTokens } from '../../server/src/retrieval/token-count.js';

const PIECES = [
  'the',
  'The',
  'kalomi',
  'Caroline',
  "don't",
  "She'll",
  'x',
  'I',
  'A',
  '2023-05-08',
  '1234567',
  '3.14',
  '—',
  '...',
  '!?',
  '(a)',
  '[2024-01-01]',
  '- [',
  '##',
  '"quoted"',
  'naïve',
  'Straße',
  'Москва',
  '東京',
  'مرحبا',
  '👍🏽',
  '🚀',
  'e-mail',
  'a/b',
  'https://example.com/x?y=1',
  "'s",
  '$100',
  '#tag',
  '@user',
];
const GAPS = [' ', ' ', ' ', ' ', '  ', '\n', '\n\n', ' \n', '\t', '', '\u00a0', ' - ', '. ', ', ', '\r\n', '   '];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generated(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 60);
  let out = rand() < 0.2 ? ' ' : '';
  for (let i = 0; i < n; i++) {
    out += PIECES[Math.floor(rand() * PIECES.length)];
    out += GAPS[Math.floor(rand() * GAPS.length)];
  }
  return out;
}

describe('tokenCount', () => {
  it('equals the library on edge cases', () => {
    const cases = [
      '',
      ' ',
      'a',
      ' a',
      'a ',
      '  a  b  ',
      'a b',
      'word word word',
      '## Facts and preferences\n- [2023-05-08] Caroline went to a support group.\n- Melanie paints sunsets.',
      'end.\n- next',
      'tabs\tand\u00a0nbsp and\u2003em space',
      "it's John's car, isn't it? 1,234,567 items",
      '   leading and trailing   ',
    ];
    for (const text of cases) expect(tokenCount(text), JSON.stringify(text)).toBe(countTokens(text));
  });

  it('equals the library on 3,000 generated texts, cached or not', () => {
    const rand = seeded(2026);
    for (let i = 0; i < 3000; i++) {
      const text = generated(rand);
      expect(tokenCount(text), JSON.stringify(text)).toBe(countTokens(text));
      // Second time from the chunk cache.
      expect(tokenCount(text)).toBe(countTokens(text));
    }
  });

  it('truncates to at most the given number of tokens, keeping a prefix', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi';
    const cut = truncateToTokens(text, 6);
    expect(countTokens(cut)).toBeLessThanOrEqual(6);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(truncateToTokens('short', 6)).toBe('short');
    // One chunk longer than the budget (no spaces) is still cut, not dropped.
    const blob = 'x'.repeat(50) + '/'.repeat(50) + 'é'.repeat(50);
    const blobCut = truncateToTokens(blob, 5);
    expect(countTokens(blobCut)).toBeLessThanOrEqual(5);
    expect(blobCut.length).toBeGreaterThan(1);
  });

  it('never exceeds the budget on generated texts, whatever the budget', () => {
    const rand = seeded(7);
    for (let i = 0; i < 1500; i++) {
      const text = generated(rand);
      const max = 1 + Math.floor(rand() * 40);
      const cut = truncateToTokens(text, max);
      expect(countTokens(cut), JSON.stringify([text, max])).toBeLessThanOrEqual(max);
      if (countTokens(text) <= max) expect(cut).toBe(text);
      else {
        expect(cut.endsWith('…')).toBe(true);
        expect(text.startsWith(cut.slice(0, -1)), JSON.stringify([text, max, cut])).toBe(true);
      }
    }
  });
});
