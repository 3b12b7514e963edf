/**
 * What a request acts as: resolved once by auth/authenticate.ts from the verified token (or API key)
 * and passed to every service call as its first argument. The tenant in it comes only from that token.
 */
import type { Environment, KeyScope, Role } from '@hx-memory/contract';
import type { Plan } from './config.js';
import type { TenantRole } from './db/schema/auth.js';

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
  /** API keys only: what the key may do on core routes (routes' `scope` metadata). */
  scopes?: readonly KeyScope[];
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
