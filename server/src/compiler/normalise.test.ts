import { describe, expect, it } from 'vitest';
import { dedupeKeyOf, errorSignature } from './normalise.js';
import { normaliseCommand, pathPattern } from './traces.js';

describe('dedupeKeyOf', () => {
  it('gives near-duplicates the same key: case, punctuation, fillers and inflection do not matter', () => {
    expect(dedupeKeyOf('fact', 'u1', 'I really love hiking in the mountains!')).toBe(
      dedupeKeyOf('fact', 'U1', 'i love hiking in mountains'),
    );
    expect(dedupeKeyOf('fact', 'u1', 'I walked the dogs')).toBe(dedupeKeyOf('fact', 'u1', 'I walk the dog.'));
  });

  it('separates different content, kinds and subjects', () => {
    const k = dedupeKeyOf('fact', 'u1', 'I love hiking');
    expect(dedupeKeyOf('fact', 'u1', 'I love skiing')).not.toBe(k);
    expect(dedupeKeyOf('preference', 'u1', 'I love hiking')).not.toBe(k);
    expect(dedupeKeyOf('fact', 'u2', 'I love hiking')).not.toBe(k);
  });

  it('hashes long content to a bounded key', () => {
    const long = 'word '.repeat(10) + Array.from({ length: 60 }, (_, i) => `term${i}`).join(' ');
    expect(dedupeKeyOf('fact', 'u1', long).length).toBeLessThanOrEqual(160);
  });
});

describe('errorSignature', () => {
  it('strips paths, line numbers, quoted values, hex and ids so the same failure matches across runs', () => {
    const a = errorSignature(
      "FAIL test/user-1.test.ts\nTypeError: Cannot read properties of undefined (reading 'name') at /home/a/src/load.ts:41:7",
    );
    const b = errorSignature(
      'FAIL test/user-2.test.ts\nTypeError: Cannot read properties of undefined (reading "email") at C:\\work\\src\\other.ts:99:1',
    );
    expect(a).toBe(b);
    expect(a).toContain('TypeError: Cannot read properties of undefined');
    expect(a).not.toMatch(/\d|load\.ts|name/);
    expect(errorSignature('Error: request req_01HZX9ABCDEF12 failed with 0xdeadbeef after 3000 ms')).toBe(
      'Error: request <id> failed with <hex> after <n> ms',
    );
  });

  it('prefers the line that names an error over noise lines', () => {
    expect(errorSignature('compiling...\n\nsrc/a.ts(3,5): error TS2322: Type string is not assignable')).toBe(
      '<path>(<n>,<n>): error TS2322: Type string is not assignable',
    );
    expect(errorSignature('')).toBeNull();
  });
});

describe('commands and paths', () => {
  it('normalises commands to their stable part', () => {
    expect(normaliseCommand('NODE_ENV=test pnpm vitest run test/a/b-3.test.ts')).toBe('pnpm vitest run <path>');
    expect(normaliseCommand('git commit -m "fix user 12" && git push')).toBe('git commit -m <str>');
  });

  it('turns paths into patterns', () => {
    expect(pathPattern('src/users/load-1.ts')).toBe('*.ts');
    expect(pathPattern('test/x.test.ts')).toBe('*.test.ts');
    expect(pathPattern('Dockerfile')).toBe('Dockerfile');
  });
});
