/**
 * The scope a retrieval reads (tenant, environment, namespace and the optional session, subject,
 * agent and point in time), as SQL conditions per source table. Tenant and environment always apply.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface RetrievalScope {
  tenantId: string;
  environment: string;
  /** Undefined: every namespace of the tenant (only for keys not bound to a namespace). */
  namespace?: string;
  /** With no namespace: ids and names of namespaces left out (denied to the reader by policy). */
  excludeNamespaces?: readonly string[];
  /** With no namespace: the only namespaces read (a credential bound to an organization); may be empty. */
  onlyNamespaces?: readonly string[];
  sessionId?: string;
  subjectId?: string;
  agentId?: string;
  /** Read as of this time: events up to then, memories valid then. Undefined: now, active only. */
  asOf?: Date;
  minConfidence: number;
}

export type Source = 'event' | 'memory' | 'artifact';

/** Table and text column of each source (`search` holds that column's tsvector). */
export const SOURCE_TABLE: Record<Source, { table: string; text: string }> = {
  event: { table: 'events', text: 'text' },
  memory: { table: 'memories', text: 'content' },
  artifact: { table: 'artifacts', text: 'markdown' },
};

/** The stored english tsvector of a source's text (the GIN-indexed `search` column). */
export function tsvectorOf(_source: Source): SQL {
  return sql.raw('d.search');
}

/** The columns scopeConditions reads, per source (a statement that applies them above a subquery selects these). */
export const SCOPE_COLUMNS: Record<Source, readonly string[]> = {
  event: ['tenant_id', 'environment', 'namespace', 'session_id', 'subject_id', 'agent_id', 'occurred_at'],
  memory: [
    'tenant_id',
    'environment',
    'namespace',
    'session_id',
    'subject_id',
    'agent_id',
    'confidence',
    'status',
    'valid_from',
    'valid_to',
  ],
  artifact: ['tenant_id', 'environment', 'namespace', 'session_id', 'subject_id', 'confidence', 'status', 'created_at'],
};

/** WHERE conditions of a source for the scope, on the table aliased `d` (columns: SCOPE_COLUMNS). */
export function scopeConditions(source: Source, scope: RetrievalScope): SQL {
  const parts: SQL[] = [sql`d.tenant_id = ${scope.tenantId}`, sql`d.environment = ${scope.environment}`];
  if (scope.namespace !== undefined) parts.push(sql`d.namespace = ${scope.namespace}`);
  else if (scope.onlyNamespaces !== undefined) {
    parts.push(sql`d.namespace = any(${sql.param([...scope.onlyNamespaces])}::text[])`);
  } else if (scope.excludeNamespaces?.length) {
    parts.push(sql`d.namespace <> all(${sql.param([...scope.excludeNamespaces])}::text[])`);
  }
  if (scope.sessionId !== undefined) parts.push(sql`d.session_id = ${scope.sessionId}`);
  if (scope.subjectId !== undefined) parts.push(sql`d.subject_id = ${scope.subjectId}`);
  if (scope.agentId !== undefined && source !== 'artifact') parts.push(sql`d.agent_id = ${scope.agentId}`);
  const asOf = scope.asOf?.toISOString();
  if (source === 'event') {
    if (asOf) parts.push(sql`d.occurred_at <= ${asOf}`);
  } else if (source === 'memory') {
    parts.push(sql`d.confidence >= ${scope.minConfidence}`);
    if (asOf) {
      // The past as it was: memories valid at asOf, superseded ones included; never deleted ones.
      parts.push(sql`d.status in ('active', 'superseded')`);
      parts.push(sql`d.valid_from <= ${asOf}`);
      parts.push(sql`(d.valid_to is null or d.valid_to > ${asOf})`);
    } else {
      parts.push(sql`d.status = 'active'`);
      parts.push(sql`(d.valid_to is null or d.valid_to > now())`);
    }
  } else {
    parts.push(sql`d.confidence >= ${scope.minConfidence}`);
    if (asOf) {
      parts.push(sql`d.status in ('active', 'superseded', 'deprecated')`);
      parts.push(sql`d.created_at <= ${asOf}`);
    } else parts.push(sql`d.status = 'active'`);
  }
  return sql.join(parts, sql` and `);
}

export function scopeKey(source: Source, scope: RetrievalScope): string {
  return [
    source,
    scope.tenantId,
    scope.environment,
    scope.namespace ??
      (scope.onlyNamespaces !== undefined
        ? `+${[...scope.onlyNamespaces].sort().join(',')}`
        : scope.excludeNamespaces?.length
          ? `-${[...scope.excludeNamespaces].sort().join(',')}`
          : '*'),
    scope.sessionId ?? '*',
    scope.subjectId ?? '*',
    scope.agentId ?? '*',
    scope.asOf?.toISOString() ?? 'now',
    scope.minConfidence,
  ].join('|');
}
