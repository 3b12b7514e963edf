/**
 * Reads of the audit log and the memory access log of an organization, newest first with opaque
 * cursors. Writing goes through audit/record.ts, in the transaction of the change it records.
 */
import type { AccessLogEntry, AuditEntry, AuditOutcome } from '@hx-memory/contract';
import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Db } from '../../db/client.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';
import { accessLogs, auditLogs } from '../../db/schema/index.js';
import { ofOrg, pageRows } from '../../db/scoped-rows.js';
import { forbidden, invalid } from '../../errors.js';
import { pickFields } from '../../pick-fields.js';
import type { AccessLog } from '../../audit/access-log.js';
import type { ServiceDeps } from '../deps.js';
import { orgScope } from './org-scope.js';

export interface AuditQuery {
  limit: number;
  cursor?: string;
  action?: string;
  actorId?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: AuditOutcome;
  startDate?: string;
  endDate?: string;
}

export interface AccessLogQuery {
  limit: number;
  cursor?: string;
  operation?: string;
  namespace?: string;
  apiKeyId?: string;
  agentId?: string;
  requestId?: string;
}

function toAuditEntry(row: typeof auditLogs.$inferSelect): AuditEntry {
  return {
    ...pickFields(row, [
      'id',
      'organizationId',
      'actorType',
      'actorId',
      'action',
      'outcome',
      'resourceType',
      'resourceId',
      'details',
      'requestId',
      'ip',
      'userAgent',
    ]),
    createdAt: row.createdAt.toISOString(),
  };
}

function toAccessEntry(row: typeof accessLogs.$inferSelect): AccessLogEntry {
  return {
    ...pickFields(row, [
      'id',
      'organizationId',
      'environment',
      'actorType',
      'actorId',
      'apiKeyId',
      'agentId',
      'namespace',
      'operation',
      'query',
      'memoryIds',
      'artifactIds',
      'requestId',
    ]),
    createdAt: row.createdAt.toISOString(),
  };
}

async function listEntriesIn(db: Db, tenantId: string, scope: SQL | undefined, query: AuditQuery) {
  const before = decodeCursor(query.cursor);
  const start = query.startDate ? new Date(query.startDate) : undefined;
  const end = query.endDate ? new Date(query.endDate) : undefined;
  if (start && end && start > end) throw invalid('query.startDate', 'must not be after endDate');
  const rows = await db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, tenantId),
        scope,
        query.action ? eq(auditLogs.action, query.action) : undefined,
        query.actorId ? eq(auditLogs.actorId, query.actorId) : undefined,
        query.resourceType ? eq(auditLogs.resourceType, query.resourceType) : undefined,
        query.resourceId ? eq(auditLogs.resourceId, query.resourceId) : undefined,
        query.outcome ? eq(auditLogs.outcome, query.outcome) : undefined,
        start ? gte(auditLogs.createdAt, start) : undefined,
        end ? lt(auditLogs.createdAt, end) : undefined,
        // Ids are time-sortable, so "older than the cursor" is "id below it".
        before ? lt(auditLogs.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLogs.id))
    .limit(query.limit + 1);
  const { items, pagination } = toPage(rows, query.limit);
  return { entries: items.map(toAuditEntry), pagination };
}

export function createAuditService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { accessLog: Pick<AccessLog, 'flush'> },
) {
  const { db } = deps.database;
  const listEntries = (tenantId: string, scope: SQL | undefined, query: AuditQuery) =>
    listEntriesIn(db, tenantId, scope, query);

  return {
    async list(actor: Actor, orgId: string, query: AuditQuery) {
      orgScope(actor, orgId);
      return listEntries(actor.tenantId, eq(auditLogs.organizationId, orgId), query);
    },

    /**
     * Every entry of the tenant, organization-owned or not (account, API key, vault, operator events
     * and refusals outside an organization): the tenant owner only.
     */
    async listTenant(actor: Actor, query: AuditQuery & { organizationId?: string }) {
      if (actor.tenantRole !== 'owner') {
        throw forbidden('Only the tenant owner reads the tenant-wide audit log; use an organization audit log');
      }
      const org = query.organizationId;
      const scope =
        org === undefined
          ? undefined
          : org === 'none'
            ? isNull(auditLogs.organizationId)
            : eq(auditLogs.organizationId, org);
      return listEntries(actor.tenantId, scope, query);
    },

    async accessLogs(actor: Actor, orgId: string, query: AccessLogQuery) {
      // This process's reads are written behind (audit/access-log.ts): write them first.
      await services.accessLog.flush();
      const { items, pagination } = await pageRows(
        db,
        accessLogs,
        and(
          ofOrg(accessLogs, orgScope(actor, orgId)),
          query.operation ? eq(accessLogs.operation, query.operation) : undefined,
          query.namespace ? eq(accessLogs.namespace, query.namespace) : undefined,
          query.apiKeyId ? eq(accessLogs.apiKeyId, query.apiKeyId) : undefined,
          query.agentId ? eq(accessLogs.agentId, query.agentId) : undefined,
          query.requestId ? eq(accessLogs.requestId, query.requestId) : undefined,
        ),
        query,
        'desc',
      );
      return { entries: items.map(toAccessEntry), pagination };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
