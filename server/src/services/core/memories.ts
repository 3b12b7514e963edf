/**
 * Memories: list, get and delete compiled memories, and forget a subject along lineage (events ->
 * memories -> artifacts). Scoped to the key's tenant, environment and (when bound) namespace; reads
 * go to the memory access log, deletions to the audit log, in the transaction of the change.
 */
import type { Memory } from '@hx-memory/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AccessLog } from '../../audit/access-log.js';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { artifacts, memories } from '../../db/schema/index.js';
import { findRow, ofEnvironment, pageRows } from '../../db/scoped-rows.js';
import { notFound } from '../../errors.js';
import {
  type NamespaceAccessChecker,
  assertItemAccess,
  namespaceCondition,
  resolveNamespaceFilter,
} from './namespace-scope.js';
import type { ServiceDeps } from '../deps.js';
import { tombstoneKey } from './learn/shapes.js';
import { eraseSubject } from './erasure/erase-subject.js';

type Row = typeof memories.$inferSelect;

export function toMemory(r: Row): Memory {
  return {
    id: r.id,
    kind: r.kind as Memory['kind'],
    subjectId: r.subjectId,
    namespace: r.namespace,
    sessionId: r.sessionId,
    agentId: r.agentId,
    content: r.content,
    attributes: r.attributes,
    confidence: r.confidence,
    mentions: r.mentions,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo?.toISOString() ?? null,
    occurredAt: r.occurredAt?.toISOString() ?? null,
    lastSeenAt: r.lastSeenAt.toISOString(),
    status: r.status as Memory['status'],
    supersededBy: r.supersededBy,
    sourceEventIds: r.sourceEventIds,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A memory of the caller's tenant and environment that is not deleted. */
const findLiveMemory = (q: Queryable, actor: Actor, id: string) =>
  findRow(q, memories, id, ofEnvironment(memories, actor), ne(memories.status, 'deleted'));

export interface MemoryListQuery {
  limit: number;
  cursor?: string;
  kind?: string;
  status?: string;
  subjectId?: string;
  sessionId?: string;
  namespace?: string;
}

export function createMemoriesService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { policies: NamespaceAccessChecker; accessLog: Pick<AccessLog, 'record' | 'flush'> },
) {
  const { database } = deps;
  const { db } = database;

  return {
    async list(actor: Actor, q: MemoryListQuery) {
      const scope = await resolveNamespaceFilter(services.policies, actor, q.namespace, 'read', 'query.namespace');
      const { items, pagination } = await pageRows(
        db,
        memories,
        and(
          ofEnvironment(memories, actor),
          q.status ? eq(memories.status, q.status) : ne(memories.status, 'deleted'),
          namespaceCondition(memories.namespace, scope),
          q.kind ? eq(memories.kind, q.kind) : undefined,
          q.subjectId ? eq(memories.subjectId, q.subjectId) : undefined,
          q.sessionId ? eq(memories.sessionId, q.sessionId) : undefined,
        ),
        q,
        'desc',
      );
      if (items.length > 0) {
        services.accessLog.record(actor, {
          operation: 'memories.list',
          namespace: scope.namespace ?? null,
          memoryIds: items.map((r) => r.id),
        });
      }
      return { memories: items.map(toMemory), pagination };
    },

    async get(actor: Actor, id: string): Promise<Memory> {
      const row = await findLiveMemory(db, actor, id);
      if (!row) throw notFound('Memory');
      await assertItemAccess(services.policies, actor, 'Memory', row.namespace, 'read');
      services.accessLog.record(actor, { operation: 'memories.get', namespace: row.namespace, memoryIds: [row.id] });
      return toMemory(row);
    },

    async delete(actor: Actor, id: string) {
      return db.transaction(async (tx) => {
        const row = await findLiveMemory(tx, actor, id);
        if (!row) throw notFound('Memory');
        await assertItemAccess(services.policies, actor, 'Memory', row.namespace, 'delete', tx);
        // A tombstone without content: the dedupe key is hashed so a re-compile does not revive it.
        await tx
          .update(memories)
          .set({
            status: 'deleted',
            content: '',
            attributes: {},
            dedupeKey: tombstoneKey(row.dedupeKey),
            attributeKey: null,
            validTo: row.validTo ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(memories.id, row.id));
        const derived = await tx
          .update(artifacts)
          .set({ status: 'deprecated', updatedAt: new Date() })
          .where(
            and(
              ofEnvironment(artifacts, actor),
              ne(artifacts.status, 'deprecated'),
              sql`${row.id} = any(${artifacts.sourceMemories})`,
            ),
          )
          .returning({ id: artifacts.id });
        await recordAudit(tx, actor, {
          action: 'memory.delete',
          resourceType: 'memory',
          resourceId: row.id,
          details: { namespace: row.namespace, kind: row.kind, artifactsDeprecated: derived.length },
        });
        return { id: row.id, deleted: true as const, artifactsDeprecated: derived.length };
      });
    },

    async forgetSubject(actor: Actor, subjectId: string, requestedNamespace?: string) {
      const scope = await resolveNamespaceFilter(
        services.policies,
        actor,
        requestedNamespace,
        'delete',
        'query.namespace',
      );
      const env = actor.environment;
      // The reads this process has not written yet are scrubbed with the rest.
      await services.accessLog.flush();
      const totals = await eraseSubject(
        database,
        {
          tenantId: actor.tenantId,
          environment: env,
          subjectId,
          inScope: (column) => {
            const condition = namespaceCondition(sql.raw(column), scope);
            return condition ? sql` and ${condition}` : sql``;
          },
        },
        async (tx, deleted) => {
          await recordAudit(tx, actor, {
            action: 'subject.forget',
            resourceType: 'subject',
            resourceId: subjectId,
            details: {
              namespace: scope.namespace ?? null,
              excluded: scope.exclude.length,
              environment: env,
              ...deleted,
            },
          });
        },
      );
      const { batches: _batches, ...deleted } = totals;
      return { subjectId, deleted };
    },
  };
}

export type MemoriesService = ReturnType<typeof createMemoriesService>;
