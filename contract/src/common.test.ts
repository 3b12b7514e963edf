/**
 * IsoDateTime, and the zod patch under it (patches/zod@3.25.76.patch): zod 3 built a datetime check's
 * RegExp on every parse, which response validation paid for every date of every item of a list. The
 * patch builds it once per check; these tests hold its answers to zod's own.
 * The patch also gives a refinement's context its path as a plain property: zod built an object
 * literal with a getter for every refinement run, which V8 defines at run time (~3 us each).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IsoDateTime } from './common.js';

const NativeRegExp = globalThis.RegExp;
afterEach(() => {
  globalThis.RegExp = NativeRegExp;
});

/** Counts the RegExp objects built while `run` runs (zod looks the global up on every build). */
function regexpsBuiltDuring(run: () => void): number {
  let built = 0;
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, args) {
      built += 1;
      return Reflect.construct(target, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
  return built;
}

describe('IsoDateTime', () => {
  it('takes ISO date-times with Z or an offset, within the years 0001-9999', () => {
    for (const ok of ['2026-11-26T08:00:00Z', '2026-11-26T08:00:00.123Z', '2026-11-26T10:00:00+02:00']) {
      expect(IsoDateTime.safeParse(ok).success).toBe(true);
    }
    for (const bad of ['2026-11-26', '2026-11-26T08:00:00', 'yesterday', '2026-13-01T00:00:00Z', '']) {
      expect(IsoDateTime.safeParse(bad).success).toBe(false);
    }
    const issue = IsoDateTime.safeParse('2026-11-26 08:00').error?.issues[0];
    expect(issue).toMatchObject({ code: 'invalid_string', validation: 'datetime', message: 'Invalid datetime' });
  });

  it('builds no RegExp per parse (the patched zod), whatever the number of values', () => {
    IsoDateTime.parse('2026-11-26T08:00:00Z');
    const built = regexpsBuiltDuring(() => {
      for (let i = 0; i < 50; i++) IsoDateTime.parse(`2026-11-${String((i % 28) + 1).padStart(2, '0')}T08:00:00Z`);
    });
    expect(built).toBe(0);
  });

  it('keeps each datetime and time check to its own options', () => {
    const withOffset = z.string().datetime({ offset: true });
    const utcOnly = z.string().datetime();
    const precise = z.string().datetime({ precision: 3 });
    const local = z.string().datetime({ local: true });
    const time = z.string().time({ precision: 0 });
    for (let round = 0; round < 2; round++) {
      expect(withOffset.safeParse('2026-11-26T10:00:00+02:00').success).toBe(true);
      expect(utcOnly.safeParse('2026-11-26T10:00:00+02:00').success).toBe(false);
      expect(utcOnly.safeParse('2026-11-26T10:00:00Z').success).toBe(true);
      expect(precise.safeParse('2026-11-26T10:00:00.123Z').success).toBe(true);
      expect(precise.safeParse('2026-11-26T10:00:00Z').success).toBe(false);
      expect(local.safeParse('2026-11-26T10:00:00').success).toBe(true);
      expect(time.safeParse('10:00:00').success).toBe(true);
      expect(time.safeParse('10:00:00.5').success).toBe(false);
    }
  });
});

describe('refinements (the patched zod)', () => {
  it('hand the check a context whose path is a plain property, not an accessor defined on every parse', () => {
    const contexts: z.RefinementCtx[] = [];
    const schema = z.object({ at: z.string().superRefine((_v, ctx) => void contexts.push(ctx)) });
    schema.parse({ at: 'x' });
    const descriptor = Object.getOwnPropertyDescriptor(contexts[0], 'path');
    // zod 3 built `{ get path() {...} }` for every refinement it ran: ~3 us each, two per item of a list.
    expect(descriptor?.get).toBeUndefined();
    expect(descriptor?.value).toEqual(['at']);
  });

  it('still report issues at their path, with addIssue taken off the context, and stop at a fatal one', () => {
    const schema = z.object({
      items: z.array(
        z.string().superRefine((v, { addIssue, path }) => {
          if (v === 'bad') addIssue({ code: 'custom', message: `bad at ${path.join('.')}`, fatal: true });
        }),
      ),
      when: IsoDateTime,
    });
    const res = schema.safeParse({ items: ['ok', 'bad'], when: '0000-01-01T00:00:00Z' });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.1', 'bad at items.1'],
      ['when', 'must be between the years 0001 and 9999 (UTC)'],
    ]);
    expect(schema.safeParse({ items: ['ok'], when: '2026-11-26T08:00:00Z' }).success).toBe(true);
  });
});
