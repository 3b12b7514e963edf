/**
 * The invalidation bus on a real Redis: `publish` resolves only once every subscribed instance has
 * applied the message, however late its Redis traffic reaches it. Instance b talks to Redis through a
 * proxy that holds Redis's replies back, so without acknowledgements a's publish would resolve before b
 * has even read the message (the race behind a revoked key still served "at once" by another instance).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Logger } from '../logger.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInvalidationBus, type Invalidation, type InvalidationBus } from './invalidations.js';

const url = process.env.REDIS_URL;

/** A TCP proxy to Redis that delivers Redis's bytes to the client `delayMs` late (in order). */
async function slowProxy(target: URL, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!url)('invalidation bus on Redis', () => {
  const cleanup: Array<() => unknown> = [];
  // A channel of this file's own: servers of other test files share this Redis and its default channel.
  const channel = `hx-test:invalidate:${randomUUID()}`;
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  function bus(redis: Redis, opts: { ackTimeoutMs?: number; logger?: Logger } = {}): InvalidationBus {
    const b = createInvalidationBus({ redis, logger: opts.logger ?? pino({ level: 'silent' }), channel, ...opts });
    cleanup.push(
      () => redis.disconnect(),
      () => b.close(),
    );
    return b;
  }

  it('publish resolves only after every other instance has applied the message', async () => {
    const target = new URL(url!);
    const proxy = await slowProxy(target, 150);
    cleanup.push(proxy.close);
    const a = bus(new Redis(url!));
    const b = bus(new Redis({ host: '127.0.0.1', port: proxy.port }));
    const seenByB: Invalidation[] = [];
    b.subscribe((m) => void seenByB.push(m));
    await until(() => a.live() && b.live());

    await a.publish({ kind: 'apiKey', hash: 'revoked-on-a' });
    expect(seenByB).toContainEqual({ kind: 'apiKey', hash: 'revoked-on-a' });
  });

  it("publish waits for what the other instance's handlers do in answer (an asynchronous write)", async () => {
    const a = bus(new Redis(url!));
    const b = bus(new Redis(url!));
    let written = false;
    b.subscribe(async (m) => {
      if (m.kind !== 'tenant') return;
      await new Promise((r) => setTimeout(r, 100));
      written = true;
    });
    await until(() => a.live() && b.live());

    await a.publish({ kind: 'tenant', tenantId: 't1' });
    expect(written).toBe(true);
  });

  it('a malformed message on the channel is logged and ignored; the bus keeps working', async () => {
    const warn = vi.fn();
    const logger = pino({ level: 'warn' }, { write: (line: string) => warn(JSON.parse(line).msg) });
    const a = bus(new Redis(url!));
    const b = bus(new Redis(url!), { logger });
    const seenByB: Invalidation[] = [];
    b.subscribe((m) => void seenByB.push(m));
    await until(() => a.live() && b.live());
    const other = new Redis(url!);
    cleanup.push(() => other.disconnect());
    for (const raw of ['null', '"text"', '{}', '[1]', 'not json', '{"kind":1}']) await other.publish(channel, raw);

    await a.publish({ kind: 'apiKey', hash: 'after-the-noise' });
    expect(seenByB).toContainEqual({ kind: 'apiKey', hash: 'after-the-noise' });
    expect(warn.mock.calls.filter(([msg]) => msg === 'malformed invalidation message')).toHaveLength(6);
  });

  it('an instance that never acknowledges delays a publish by the ack timeout, with a warning', async () => {
    const warn = vi.fn();
    const logger = pino({ level: 'warn' }, { write: (line: string) => warn(JSON.parse(line).msg) });
    const a = bus(new Redis(url!), { ackTimeoutMs: 200, logger });
    // An instance that hears the channel but never answers (a hung process, or one of an older version).
    const mute = new Redis(url!);
    cleanup.push(() => mute.disconnect());
    await mute.subscribe(channel);
    await until(() => a.live());

    const started = Date.now();
    await a.publish({ kind: 'tenant', tenantId: 't1' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2000);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not acknowledged/));
  });

  it('closing the bus ends the wait of a publish in progress', async () => {
    const a = bus(new Redis(url!), { ackTimeoutMs: 5000 });
    const mute = new Redis(url!);
    cleanup.push(() => mute.disconnect());
    await mute.subscribe(channel);
    await until(() => a.live());

    const started = Date.now();
    const publishing = a.publish({ kind: 'tenant', tenantId: 't2' });
    await new Promise((r) => setTimeout(r, 50));
    await a.close();
    await publishing;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
