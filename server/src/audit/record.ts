/**
 * The one way to write audit rows. Call it with the transaction of the change it records, so the
 * change and its audit entry commit or roll back together. Never pass secret values in `details`.
 * (Memory access-log rows are written behind: audit/access-log.ts.)
 */
import type { AuditOutcome } from '@hx-memory/contract';
import type { Actor } from '../actor.js';
import type { Queryable } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';
import { newId } from '../ids.js';

export interface AuditEntry {
  action: string;
  /** success (default): it happened; denied: refused; failed: a credential check failed. */
  outcome?: AuditOutcome;
  resourceType: string;
  resourceId?: string | null;
  organizationId?: string | null;
  details?: Record<string, unknown>;
}

/** What an audit row needs of whoever acted. */
export type AuditActor = Pick<
  Actor,
  'kind' | 'tenantId' | 'userId' | 'apiKeyId' | 'organizationId' | 'requestId' | 'ip' | 'userAgent'
>;

/** Where a request came from, for entries written before any actor exists (login, refresh, logout). */
export type RequestOrigin = Pick<Actor, 'requestId' | 'ip' | 'userAgent'>;

export function actorIdentity(actor: AuditActor) {
  if (actor.kind === 'apiKey') return { actorType: 'api_key', actorId: actor.apiKeyId ?? 'unknown' };
  if (actor.kind === 'user') return { actorType: 'user', actorId: actor.userId ?? 'unknown' };
  return { actorType: actor.kind, actorId: actor.kind };
}

export async function recordAudit(q: Queryable, actor: AuditActor, entry: AuditEntry): Promise<string> {
  const id = newId('aud');
  await q.insert(auditLogs).values({
    id,
    tenantId: actor.tenantId,
    organizationId: entry.organizationId ?? actor.organizationId ?? null,
    ...actorIdentity(actor),
    action: entry.action,
    outcome: entry.outcome ?? 'success',
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? {},
    requestId: actor.requestId,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  });
  return id;
}

/** An account event (login, refresh, logout, registration) in the tenant of the user it concerns. */
export function recordAccountEvent(
  q: Queryable,
  origin: RequestOrigin,
  user: { id: string; tenantId: string },
  entry: Omit<AuditEntry, 'resourceType' | 'resourceId'>,
): Promise<string> {
  return recordAudit(
    q,
    { kind: 'user', tenantId: user.tenantId, userId: user.id, ...origin },
    { resourceType: 'user', resourceId: user.id, ...entry },
  );
}
