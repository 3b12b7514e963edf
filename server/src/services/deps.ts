/**
 * What services are built from. Each service names the part it uses (`Pick<ServiceDeps, ...>`) and
 * the few other services it calls (by their own `Pick<>`), so services/index.ts can build them in a
 * fixed order and no service sees the whole registry.
 */
import type { Redis } from 'ioredis';
import type { InvalidationBus } from '../auth/invalidations.js';
import type { JwtIssuer } from '../auth/jwt.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Jobs } from '../jobs/index.js';
import type { Logger } from '../logger.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  redis?: Redis;
  jwt: JwtIssuer;
  /**
   * The producer side of the job queues and the shutdown signal. A service enqueues and exposes its
   * handlers; jobs/start.ts registers them, so building a service starts no background work.
   */
  jobs: Pick<Jobs, 'queue' | 'stopping'>;
  /** Registers a resource to release on shutdown (a pending maintenance run), before the database closes. */
  onShutdown: (hook: () => Promise<void>) => void;
  /** Invalidations of in-process auth caches, shared with every instance through Redis when set. */
  invalidations: InvalidationBus;
}
