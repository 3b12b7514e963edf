/**
 * base64Runs skips texts without MIN_RUN run characters in a row before trying its regex: the skip
 * must never hide a run the regex alone would find.
 */
import { describe, expect, it } from 'vitest';
import { BASE64_RUN, base64Runs } from './decode.js';

const secret = Buffer.from('password=hunter2-and-more-text').toString('base64');

describe('base64 runs', () => {
  it('finds an encoded secret in prose, and nothing in prose alone', () => {
    expect(base64Runs(`the config is ${secret} ok`)).toEqual([
      { start: 14, end: 14 + secret.length, decoded: 'password=hunter2-and-more-text' },
    ]);
    expect(base64Runs('Alice visited the museum with her daughter and talked about painting.')).toEqual([]);
  });

  it('agrees with the regex alone on random texts around the 20-character threshold', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabet = 'ABCDEFabcdef0123+/_-=. \n%é';
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = Math.floor(rand() * 60);
      for (let j = 0; j < n; j++) {
        // Long stretches of run characters, broken now and then, so runs of 18-22 are common.
        text += rand() < 0.93 ? alphabet[Math.floor(rand() * 22)] : alphabet[22 + Math.floor(rand() * 4)];
      }
      if (rand() < 0.2) text += ` ${secret}`;
      // The pattern itself (matchAll works on a copy: its lastIndex is untouched) is the reference.
      const matches = [...text.matchAll(BASE64_RUN)].map((m) => m.index);
      const found = base64Runs(text).map((r) => r.start);
      // Every run found is a regex match; and a text with no match finds none.
      for (const start of found) expect(matches).toContain(start);
      if (matches.length === 0) expect(found).toEqual([]);
      if (text.includes(` ${secret}`)) expect(found).toContain(text.lastIndexOf(secret));
    }
  });
});
