/**
 * A preference keeps the short phrase of manner after a comma ("short answers, in German"): the
 * comma is not a clause boundary there. docs/quickstart.md captures exactly this sentence.
 */
import { describe, expect, it } from 'vitest';
import { detectPreferences } from '../../server/src/compiler/semantic/preferences.js';
import { extractMemories } from '../../server/src/compiler/index.js';
import { user } from '../../server/src/compiler/test-events.js';

describe('preference objects with a qualifier after a comma', () => {
  it('keeps "in German", "without sugar" and "in the morning"', () => {
    expect(detectPreferences('I prefer short answers, in German.')).toEqual([
      { polarity: 'like', object: 'short answers in German', kind: 'answer' },
    ]);
    expect(detectPreferences('I like my tea, without sugar')).toEqual([
      { polarity: 'like', object: 'my tea without sugar' },
    ]);
    expect(detectPreferences('I enjoy running, in the morning.')).toEqual([
      { polarity: 'like', object: 'running in the morning' },
    ]);
  });

  it('still cuts at a comma that starts a new clause or a longer phrase', () => {
    expect(detectPreferences('I enjoy painting landscapes, especially at dawn.')).toEqual([
      { polarity: 'like', object: 'painting landscapes' },
    ]);
    expect(detectPreferences('I like jazz, in particular when it rains at night.')).toEqual([
      { polarity: 'like', object: 'jazz' },
    ]);
  });

  it('the compiled preference memory says "in German"', () => {
    const drafts = extractMemories([user('I prefer short answers, in German.', '2026-03-01T09:00:00Z')]);
    const preference = drafts.find((d) => d.kind === 'preference');
    expect(preference?.content).toBe('user-1 prefers short answers in German');
  });
});
