/**
 * IsoDateTime, and the zod patch under it (patches/zod@3.25.76.patch): zod 3 built a datetime check's
 * RegExp on every parse, which response validation paid for every date of every item of a list. The
 * patch builds it once per check; these tests hold its answers to zod's own.
 * The patch also gives a refinement's context its path as a plain property: zod built an object
 * literal with a getter for every refinement run, which V8 defines at run time (~3 us each).
 * And an object parsed synchronously is built as its keys are parsed, without a record per key for
 * ParseStatus.mergeObjectSync, and a value's path array is made only when an issue needs it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('objects (the patched zod)', () => {
  const Item = z.object({ a: z.string(), b: z.number().optional(), c: z.object({ d: IsoDateTime }) });

  it('are built without a record per key and without a path array per value', () => {
    const merge = vi.spyOn(z.ParseStatus, 'mergeObjectSync');
    const inputs: { _cachedPath?: unknown }[] = [];
    class Probe extends z.ZodType<unknown> {
      _parse(input: z.ParseInput) {
        inputs.push(input as unknown as { _cachedPath?: unknown });
        return z.OK(input.data);
      }
    }
    try {
      expect(z.object({ p: new Probe({}) }).parse({ p: 1 })).toEqual({ p: 1 });
      expect(merge).not.toHaveBeenCalled();
      expect(inputs[0]?._cachedPath).toBeUndefined();
    } finally {
      merge.mockRestore();
    }
  });

  it('answer as zod does: stripped, strict, passthrough, optional and undefined keys', () => {
    const value = { a: 'x', c: { d: '2026-11-27T00:00:00Z' }, extra: 1 };
    expect(Item.parse(value)).toEqual({ a: 'x', c: { d: '2026-11-27T00:00:00Z' } });
    expect(Item.passthrough().parse(value)).toEqual(value);
    expect(Item.strict().safeParse(value).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['extra'], path: [] },
    ]);
    const withUndefined = z.object({ u: z.undefined(), o: z.string().optional() }).parse({ u: undefined });
    expect(Object.keys(withUndefined)).toEqual(['u']);
    expect(z.object({ n: z.string().transform((s) => s.length) }).parse({ n: 'abc' })).toEqual({ n: 3 });
  });

  it('report the issue of every key, in order, and an unknown key of a strict object after them', () => {
    const res = Item.strict().safeParse({ a: 1, b: 'no', c: { d: 'bad' }, extra: true });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['a', 'invalid_type'],
      ['b', 'invalid_type'],
      ['c.d', 'invalid_string'],
      ['', 'unrecognized_keys'],
    ]);
  });

  it('still parse asynchronously through the unpatched path', async () => {
    const schema = z.object({ a: z.string().refine(async (v) => v === 'x', 'not x') });
    expect(await schema.parseAsync({ a: 'x' })).toEqual({ a: 'x' });
    expect((await schema.safeParseAsync({ a: 'y' })).error?.issues[0]?.message).toBe('not x');
  });
});
