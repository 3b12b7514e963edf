/**
 * The one way to write audit and access-log rows. Call it with the transaction of the change it
 * records, so the change and its audit entry commit or roll back together. Never pass secret values
 * in `details`.
 */
import type { Actor } from '../context.js';
import type { Queryable } from '../db/client.js';
import { accessLogs, auditLogs } from '../db/schema/index.js';
import { newId } from '../ids.js';

export interface AuditEntry {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  organizationId?: string | null;
  details?: Record<string, unknown>;
}

function actorIdentity(actor: Actor) {
  if (actor.kind === 'apiKey') return { actorType: 'api_key', actorId: actor.apiKeyId ?? 'unknown' };
  if (actor.kind === 'user') return { actorType: 'user', actorId: actor.userId ?? 'unknown' };
  return { actorType: actor.kind, actorId: actor.kind };
}

export async function recordAudit(q: Queryable, actor: Actor, entry: AuditEntry): Promise<string> {
  const id = newId('aud');
  await q.insert(auditLogs).values({
    id,
    tenantId: actor.tenantId,
    organizationId: entry.organizationId ?? actor.organizationId ?? null,
    ...actorIdentity(actor),
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? {},
    requestId: actor.requestId,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  });
  return id;
}

export interface AccessEntry {
  operation: string;
  namespace?: string | null;
  query?: string | null;
  memoryIds: string[];
  artifactIds?: string[];
}

export async function recordAccess(q: Queryable, actor: Actor, entry: AccessEntry): Promise<void> {
  await q.insert(accessLogs).values({
    id: newId('acc'),
    tenantId: actor.tenantId,
    organizationId: actor.organizationId ?? null,
    environment: actor.environment,
    ...actorIdentity(actor),
    apiKeyId: actor.apiKeyId ?? null,
    agentId: actor.agentId ?? null,
    namespace: entry.namespace ?? null,
    operation: entry.operation,
    query: entry.query ?? null,
    memoryIds: entry.memoryIds,
    artifactIds: entry.artifactIds ?? [],
    requestId: actor.requestId,
  });
}
