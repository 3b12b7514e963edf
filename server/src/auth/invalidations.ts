/**
 * Invalidation messages for in-process caches of authentication and access state (API-key
 * verifications and the tenant plan that comes with them; namespace access snapshots). A change is
 * applied to this process's caches before `publish` returns, and with REDIS_URL set it is published on
 * one Redis channel every instance subscribes to. Each instance applies a message (its handlers'
 * promises included) and then acknowledges it on the publisher's own channel; `publish` resolves once
 * as many acknowledgements as Redis counted receivers have come back, so the request that revoked a key
 * or changed a plan answers only after every instance has dropped what it cached. Redis having written the message to every subscriber is
 * not enough: another instance may read an HTTP request before it reads that message. An instance
 * that does not answer within `ackTimeoutMs` (hung, or of a version that does not acknowledge) is
 * logged and no longer waited for.
 *
 * A cache may serve only while `live()`: in process always; with Redis only while the subscription is
 * up. While it is down (or before it first comes up) an instance could miss messages, so caches are
 * bypassed, and everything cached is dropped when the subscription comes back.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export type Invalidation =
  | { kind: 'apiKey'; hash: string }
  /** The tenant's keys and plan changed (and everything cached of the tenant goes with them). */
  | { kind: 'tenant'; tenantId: string }
  /** The tenant's namespaces, policies, memberships, teams or agents changed (access decisions). */
  | { kind: 'access'; tenantId: string }
  | { kind: 'all' };

/** One channel for every deployment on a Redis: messages are tiny and rare, and ids never collide. */
export const INVALIDATION_CHANNEL = 'hx:auth:invalidate';
/** Each instance hears the acknowledgements of its own messages on `<channel>:ack:<its id>`. */
const ackChannelOf = (channel: string, instanceId: string) => `${channel}:ack:${instanceId}`;
/** How long a publish waits for the other instances' acknowledgements (a healthy one answers in ~1 ms). */
export const INVALIDATION_ACK_TIMEOUT_MS = 1000;

/** On the wire: the message, its id, and the publishing instance (where acknowledgements go). */
type Wire = Invalidation & { id?: string; from?: string };

export interface InvalidationBus {
  /** Applies the change here, then publishes it to the other instances (awaited). */
  publish(message: Invalidation): Promise<void>;
  /**
   * `handler` sees every message, this instance's included, and `{ kind: 'all' }` after a gap. What it
   * returns is awaited before the message counts as applied (a publish waits for it on every instance).
   */
  subscribe(handler: (message: Invalidation) => void | Promise<void>): void;
  /** Whether a cache may serve now (no message can have been missed). */
  live(): boolean;
  close(): Promise<void>;
}

export function createInvalidationBus(opts: {
  redis?: Redis;
  logger: Logger;
  ackTimeoutMs?: number;
  /** INVALIDATION_CHANNEL unless a test wants a bus apart from the servers sharing its Redis. */
  channel?: string;
}): InvalidationBus {
  const handlers: Array<(message: Invalidation) => void | Promise<void>> = [];
  const { redis, logger } = opts;
  /** Runs every handler (synchronous parts at once, in order) and resolves when all have finished. */
  const deliver = async (message: Invalidation) => {
    const running = handlers.map((h) => {
      try {
        return h(message);
      } catch (err) {
        return Promise.reject(err);
      }
    });
    for (const result of await Promise.allSettled(running))
      if (result.status === 'rejected') logger.error({ err: result.reason }, 'an invalidation handler failed');
  };
  if (!redis) {
    return {
      publish: deliver,
      subscribe: (handler) => void handlers.push(handler),
      live: () => true,
      async close() {},
    };
  }

  const instanceId = randomUUID();
  const channel = opts.channel ?? INVALIDATION_CHANNEL;
  const ackChannel = ackChannelOf(channel, instanceId);
  const ackTimeoutMs = opts.ackTimeoutMs ?? INVALIDATION_ACK_TIMEOUT_MS;
  /** Publishes of this instance waiting for acknowledgements, by message id. */
  const waiting = new Map<string, { acks: number; expected: number; done: () => void }>();

  let subscribed = false;
  // A connection of its own: a subscribed connection cannot run other commands.
  const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
  subscriber.on('error', (err) => logger.warn({ err: err.message }, 'redis invalidation subscriber error'));
  subscriber.on('message', (heardOn: string, raw: string) => {
    if (heardOn === ackChannel) {
      const wait = waiting.get(raw);
      if (wait && ++wait.acks >= wait.expected) wait.done();
      return;
    }
    let wire: Wire;
    try {
      wire = JSON.parse(raw) as Wire;
      if (typeof wire !== 'object' || wire === null || typeof wire.kind !== 'string') throw new Error('not a message');
    } catch (err) {
      // Anyone with access to the Redis can publish on the channel: never let a message throw here.
      logger.warn({ err: (err as Error).message }, 'malformed invalidation message');
      return;
    }
    const { id, from, ...message } = wire;
    // This instance applied its own message before publishing it.
    const applied = from === instanceId ? Promise.resolve() : deliver(message as Invalidation);
    if (typeof id === 'string' && typeof from === 'string')
      void applied
        .then(() => redis.publish(ackChannelOf(channel, from), id))
        .catch((err: Error) => logger.warn({ err: err.message }, 'could not acknowledge an auth invalidation'));
  });
  const down = () => {
    if (subscribed) logger.warn('redis invalidation subscription lost: auth caches bypassed until it is back');
    subscribed = false;
  };
  subscriber.on('close', down);
  subscriber.on('end', down);
  const subscribe = () =>
    subscriber.subscribe(channel, ackChannel).then(
      () => {
        // Messages may have been missed before this point: start from empty caches.
        void deliver({ kind: 'all' });
        subscribed = true;
      },
      (err: Error) => logger.warn({ err: err.message }, 'could not subscribe to auth invalidations'),
    );
  // ioredis re-subscribes by itself after a reconnect; 'ready' fires then too, and marks the gap.
  subscriber.on('ready', () => {
    if (!subscribed) void subscribe();
  });
  subscriber.connect().catch((err: Error) => logger.warn({ err: err.message }, 'redis invalidation subscriber'));

  /** Publishes and waits until every receiver Redis counted has acknowledged, or the timeout. */
  async function publishAcknowledged(message: Invalidation) {
    const id = randomUUID();
    // Registered before PUBLISH: an acknowledgement can arrive before PUBLISH's own reply.
    const wait = { acks: 0, expected: Number.POSITIVE_INFINITY, done: () => {} };
    const acknowledged = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ackTimeoutMs);
      wait.done = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    waiting.set(id, wait);
    try {
      const wire: Wire = { ...message, id, from: instanceId };
      const receivers = await redis!.publish(channel, JSON.stringify(wire));
      // Without our own subscription no acknowledgement can reach us; the others' caches are as live as
      // their own subscriptions, and entries expire after API_KEY_CACHE_MS in any case.
      if (!subscribed) return;
      wait.expected = receivers;
      if (wait.acks >= receivers) wait.done();
      if (!(await acknowledged))
        logger.warn(
          { message, receivers, acknowledged: wait.acks, timeoutMs: ackTimeoutMs },
          'auth invalidation not acknowledged by every instance in time',
        );
    } finally {
      waiting.delete(id);
      wait.done();
    }
  }

  return {
    async publish(message) {
      await deliver(message);
      try {
        await publishAcknowledged(message);
      } catch (err) {
        // The change is in the database; instances that cannot hear it bypass their caches when their
        // own subscription is down, and entries expire after API_KEY_CACHE_MS in any case.
        logger.warn({ err: (err as Error).message, message }, 'could not publish an auth invalidation');
      }
    },
    subscribe: (handler) => void handlers.push(handler),
    live: () => subscribed && subscriber.status === 'ready',
    async close() {
      subscribed = false;
      subscriber.disconnect();
      // No acknowledgement can reach a closed subscriber: publishes in progress stop waiting.
      for (const wait of waiting.values()) wait.done();
    },
  };
}
