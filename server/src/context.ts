/**
 * What a request acts as (the actor) and what the app is built from (the context). Services take the
 * actor as their first argument; the tenant in it comes only from the verified token.
 */
import type { Environment, Role } from '@hx-memory/contract';
import type { Redis } from 'ioredis';
import type { Config, Plan } from './config.js';
import type { Database, Db } from './db/client.js';
import type { TenantRole } from './db/schema/auth.js';
import type { Logger } from './logger.js';
import type { Services } from './services/index.js';

export interface Actor {
  kind: 'apiKey' | 'user' | 'operator' | 'anonymous';
  tenantId: string;
  userId?: string;
  apiKeyId?: string;
  /** Data environment of the key; JWT callers act on live data. */
  environment: Environment;
  organizationId?: string;
  namespaceId?: string;
  agentId?: string;
  /**
   * JWT users only: `owner` created the tenant and manages every vault and API key in it; `member`
   * joined by invitation and manages what they created (services/ownership.ts).
   */
  tenantRole?: TenantRole;
  /** Role in the organization of the path, once resolved for an org-scoped route. */
  role?: Role;
  plan: Plan;
  requestId: string;
  ip?: string;
  userAgent?: string;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  redis?: Redis;
  services: Services;
  version: string;
  startedAt: number;
}
