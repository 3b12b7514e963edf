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
import type { Logger } from '../logger.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  redis?: Redis;
  jwt: JwtIssuer;
  /** Registers background work to stop on shutdown (job runners, timers), before the database closes. */
  onShutdown: (hook: () => Promise<void>) => void;
  /** Invalidations of in-process auth caches, shared with every instance through Redis when set. */
  invalidations: InvalidationBus;
}
