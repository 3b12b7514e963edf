/**
 * The one way to write audit and access-log rows. Call it with the transaction of the change it
 * records, so the change and its audit entry commit or roll back together. Never pass secret values
 * in `details`.
 */
import type { AuditOutcome } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Actor } from '../actor.js';
import type { Db, Queryable } from '../db/client.js';
import { accessLogs, auditLogs, namespaces } from '../db/schema/index.js';
import { newId } from '../ids.js';
import { redactText } from '../redaction/redact-text.js';

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

function actorIdentity(actor: AuditActor) {
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

/** Stored length of an access-log query, cut after its secrets are redacted (never through one). */
const QUERY_CHARS = 1000;

export interface AccessEntry {
  operation: string;
  namespace?: string | null;
  /** Stored with its secrets redacted (nothing secret outside the vault). */
  query?: string | null;
  memoryIds: string[];
  artifactIds?: string[];
}

/**
 * Writes one access-log row, in its own transaction committed asynchronously: every read writes one,
 * and the reader should not wait for a WAL flush (about 1 ms on this kind of disk). The row is
 * visible at once; only a database server crash within ~0.6 s (3 x wal_writer_delay) could lose it,
 * never any memory data (docs/decisions/enterprise.md). Takes the database handle, not a
 * transaction: inside one, the setting would apply to the whole enclosing transaction.
 */
export async function recordAccess(db: Db, actor: Actor, entry: AccessEntry): Promise<void> {
  if (db instanceof PgTransaction) throw new Error('recordAccess runs in its own transaction, not inside one');
  const who = actorIdentity(actor);
  // The organization whose memories were read: the one owning the namespace (names are unique per
  // tenant), whatever key read it; else the caller's (a key bound to an org, an org-scoped call).
  const orgOfNamespace = entry.namespace
    ? sql`(select n.organization_id from ${namespaces} n where n.tenant_id = ${actor.tenantId}
        and (n.id = ${entry.namespace} or n.name = ${entry.namespace}) limit 1)`
    : sql`null::text`;
  await db.execute(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    insert into ${accessLogs} (id, tenant_id, organization_id, environment, actor_type, actor_id, api_key_id,
      agent_id, namespace, operation, query, memory_ids, artifact_ids, request_id)
    select ${newId('acc')}, ${actor.tenantId}, coalesce(${orgOfNamespace}, ${actor.organizationId ?? null}),
      ${actor.environment},
      ${who.actorType}, ${who.actorId}, ${actor.apiKeyId ?? null}, ${actor.agentId ?? null},
      ${entry.namespace ?? null}, ${entry.operation}, ${entry.query ? redactText(entry.query).slice(0, QUERY_CHARS) : null},
      ${sql.param(entry.memoryIds)}::text[], ${sql.param(entry.artifactIds ?? [])}::text[], ${actor.requestId}
    from async_commit`);
}
