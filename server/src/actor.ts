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

/** The stored fields of an API key its actor is made from. */
export interface ApiKeyFields {
  id: string;
  tenantId: string;
  environment: string;
  organizationId: string | null;
  namespaceId: string | null;
  agentId: string | null;
  scopes: string[];
}

/** The actor a request authenticated by this key is (authentication, and the policy simulator's "as this key"). */
export function apiKeyActor(key: ApiKeyFields, plan: Plan, requestId: string): Actor {
  return {
    kind: 'apiKey',
    tenantId: key.tenantId,
    apiKeyId: key.id,
    environment: key.environment as Actor['environment'],
    organizationId: key.organizationId ?? undefined,
    namespaceId: key.namespaceId ?? undefined,
    agentId: key.agentId ?? undefined,
    scopes: key.scopes as KeyScope[],
    plan,
    requestId,
  };
}
