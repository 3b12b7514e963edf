/**
 * Builds every domain service once from the shared dependencies. Handlers reach services only
 * through `ctx.services`, so each area's logic has exactly one home.
 */
import type { Redis } from 'ioredis';
import type { JwtIssuer } from '../auth/jwt.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import { createApiKeysService } from './api-keys.js';
import { createAuthService } from './auth.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  redis?: Redis;
  jwt: JwtIssuer;
}

export function createServices(deps: ServiceDeps) {
  const auth = createAuthService(deps);
  const apiKeys = createApiKeysService(deps);
  return {
    auth,
    apiKeys,
    /** Stops background work (job runners, limiter timers) before the database closes. */
    shutdown: undefined as undefined | (() => Promise<void>),
  };
}

export type Services = ReturnType<typeof createServices>;
