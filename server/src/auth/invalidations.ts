/**
 * Invalidation messages for in-process caches of authentication and access state (API-key
 * verifications and the tenant plan that comes with them; namespace access snapshots). A change is applied to this process's caches before `publish`
 * returns, and with REDIS_URL set it is published on one Redis channel every instance subscribes to;
 * `publish` resolves once Redis has accepted the message, that is once Redis has written it to every
 * subscriber, so the request that revoked a key or changed a plan answers only after that.
 *
 * A cache may serve only while `live()`: in process always; with Redis only while the subscription is
 * up. While it is down (or before it first comes up) an instance could miss messages, so caches are
 * bypassed, and everything cached is dropped when the subscription comes back.
 */
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

export interface InvalidationBus {
  /** Applies the change here, then publishes it to the other instances (awaited). */
  publish(message: Invalidation): Promise<void>;
  /** `handler` sees every message, this instance's included, and `{ kind: 'all' }` after a gap. */
  subscribe(handler: (message: Invalidation) => void): void;
  /** Whether a cache may serve now (no message can have been missed). */
  live(): boolean;
  close(): Promise<void>;
}

export function createInvalidationBus(opts: { redis?: Redis; logger: Logger }): InvalidationBus {
  const handlers: Array<(message: Invalidation) => void> = [];
  const deliver = (message: Invalidation) => {
    for (const h of handlers) h(message);
  };
  const { redis, logger } = opts;
  if (!redis) {
    return {
      async publish(message) {
        deliver(message);
      },
      subscribe: (handler) => void handlers.push(handler),
      live: () => true,
      async close() {},
    };
  }

  let subscribed = false;
  // A connection of its own: a subscribed connection cannot run other commands.
  const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
  subscriber.on('error', (err) => logger.warn({ err: err.message }, 'redis invalidation subscriber error'));
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      deliver(JSON.parse(raw) as Invalidation);
    } catch (err) {
      logger.warn({ err }, 'malformed invalidation message');
    }
  });
  const down = () => {
    if (subscribed) logger.warn('redis invalidation subscription lost: auth caches bypassed until it is back');
    subscribed = false;
  };
  subscriber.on('close', down);
  subscriber.on('end', down);
  const subscribe = () =>
    subscriber.subscribe(INVALIDATION_CHANNEL).then(
      () => {
        // Messages may have been missed before this point: start from empty caches.
        deliver({ kind: 'all' });
        subscribed = true;
      },
      (err: Error) => logger.warn({ err: err.message }, 'could not subscribe to auth invalidations'),
    );
  // ioredis re-subscribes by itself after a reconnect; 'ready' fires then too, and marks the gap.
  subscriber.on('ready', () => {
    if (!subscribed) void subscribe();
  });
  subscriber.connect().catch((err: Error) => logger.warn({ err: err.message }, 'redis invalidation subscriber'));

  return {
    async publish(message) {
      deliver(message);
      try {
        await redis.publish(INVALIDATION_CHANNEL, JSON.stringify(message));
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
    },
  };
}
