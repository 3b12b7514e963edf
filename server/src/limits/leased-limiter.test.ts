import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createLeasedLimiter, MAX_LEASE } from './leased-limiter.js';

/** A store shared by every "instance" below, counting its round trips. */
class CountingStore extends RateLimiterMemory {
  calls = 0;
  failNext = false;
  override consume(key: string | number, points?: number) {
    this.calls += 1;
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('store down'));
    }
    return super.consume(key, points);
  }
}

async function takeAll(take: () => Promise<{ ok: boolean }>, n: number) {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await take()).ok) ok += 1;
  return ok;
}

describe('leased rate limit', () => {
  it('hands out exactly the window in far fewer store calls, counting down by one', async () => {
    const store = new CountingStore({ points: 6400, duration: 60 });
    const leased = createLeasedLimiter(store);
    const first = await leased.take('k');
    const second = await leased.take('k');
    expect(first.res.remainingPoints).toBe(6399);
    expect(second.res.remainingPoints).toBe(6398);
    expect(await takeAll(() => leased.take('k'), 6500)).toBe(6398);
    // 6,400 points in leases of at most 1/64 of what is left (and 100), then one call per refusal.
    expect(store.calls).toBeLessThan(450 + 102);
    const refused = await leased.take('k');
    expect(refused.ok).toBe(false);
    expect(refused.res.remainingPoints).toBe(0);
    expect(refused.res.msBeforeNext).toBeGreaterThan(0);
  });

  it('several instances on one store never hand out more than the limit, and hand out all of it', async () => {
    const store = new CountingStore({ points: 3000, duration: 60 });
    const instances = [createLeasedLimiter(store), createLeasedLimiter(store), createLeasedLimiter(store)];
    const results = await Promise.all(Array.from({ length: 3600 }, (_, i) => instances[(i * 7) % 3]!.take('shared')));
    expect(results.filter((r) => r.ok)).toHaveLength(3000);
    // Once refused everywhere, nothing more is handed out.
    for (const instance of instances) expect((await instance.take('shared')).ok).toBe(false);
  });

  it('concurrent requests of a key wait for one lease instead of each asking the store', async () => {
    const store = new CountingStore({ points: 64_000, duration: 60 });
    const leased = createLeasedLimiter(store);
    const results = await Promise.all(Array.from({ length: MAX_LEASE }, () => leased.take('k')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(store.calls).toBe(1);
    const remaining = results.map((r) => r.res.remainingPoints).sort((a, b) => b - a);
    expect(remaining[0]).toBe(63_999);
    expect(new Set(remaining).size).toBe(MAX_LEASE);
  });

  it('a lease refused by the store keeps the points that were still under the limit', async () => {
    const store = new CountingStore({ points: 640, duration: 60 });
    // Other instances have spent 635 of 640: this one asks for a lease of 10, gets the last 5.
    await store.consume('k', 635);
    const leased = createLeasedLimiter(store);
    expect(await takeAll(() => leased.take('k'), 20)).toBe(5);
  });

  it('a lease dies with its window: the next window starts from its full limit', async () => {
    const store = new CountingStore({ points: 640, duration: 1 });
    const leased = createLeasedLimiter(store);
    expect((await leased.take('k')).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    // The 9 points left of the old lease are gone; the new window hands out exactly 640.
    expect(await takeAll(() => leased.take('k'), 700)).toBe(640);
  });

  it('a store failure reaches the caller, and the next request asks again', async () => {
    const store = new CountingStore({ points: 640, duration: 60 });
    const leased = createLeasedLimiter(store);
    store.failNext = true;
    const waiting = [leased.take('k'), leased.take('k')];
    await expect(waiting[0]).rejects.toThrow('store down');
    // The request that waited on the failed lease asked on its own.
    expect((await waiting[1])!.ok).toBe(true);
    expect(store.calls).toBe(2);
  });

  it('reading the window counts the points this instance still holds as unspent', async () => {
    const store = new CountingStore({ points: 6400, duration: 60 });
    const leased = createLeasedLimiter(store);
    expect(await leased.get('k')).toBeNull();
    await leased.take('k');
    await leased.take('k');
    const seen = await leased.get('k');
    expect(seen?.remainingPoints).toBe(6398);
    expect(seen?.consumedPoints).toBe(2);
    // The store itself counts the whole lease as spent; another instance's requests count at once.
    expect((await store.get('k'))?.consumedPoints).toBe(MAX_LEASE);
    await store.consume('k', 3);
    expect((await leased.get('k'))?.remainingPoints).toBe(6395);
  });

  it('refusals are RateLimiterRes values with the window left', async () => {
    const store = new CountingStore({ points: 1, duration: 60 });
    const leased = createLeasedLimiter(store);
    expect((await leased.take('k')).ok).toBe(true);
    const refused = await leased.take('k');
    expect(refused.ok).toBe(false);
    expect(refused.res).toBeInstanceOf(RateLimiterRes);
    expect(refused.res.consumedPoints).toBe(1);
  });
});
