/**
 * GET /v1/events: captured events as stored (redacted at capture), newest first, a page at a time;
 * filtered by namespace, session, subject, agent and type, and, with no namespace named, limited to
 * the namespaces the credential may read (namespace-scope.ts), as memories are. Each non-empty page
 * is written to the access log.
 */
import type { EventType, StoredEvent } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { AccessLog } from '../../audit/access-log.js';
import { events } from '../../db/schema/index.js';
import { ofEnvironment, pageRows } from '../../db/scoped-rows.js';
import type { ServiceDeps } from '../deps.js';
import { type NamespaceAccessChecker, namespaceCondition, resolveNamespaceFilter } from './namespace-scope.js';

export interface EventListQuery {
  limit: number;
  cursor?: string;
  namespace?: string;
  sessionId?: string;
  subjectId?: string;
  agentId?: string;
  type?: EventType;
}

type EventRow = typeof events.$inferSelect;

function toStoredEvent(r: EventRow): StoredEvent {
  return {
    id: r.id,
    type: r.type as EventType,
    sessionId: r.sessionId,
    namespace: r.namespace,
    agentId: r.agentId,
    subjectId: r.subjectId,
    payload: r.payload,
    metadata: r.metadata,
    salienceScore: r.salience,
    occurredAt: r.occurredAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    compiledAt: r.compiledAt?.toISOString() ?? null,
  };
}

export function createEventsService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { policies: NamespaceAccessChecker; accessLog: Pick<AccessLog, 'record'> },
) {
  const { db } = deps.database;
  return {
    async list(actor: Actor, q: EventListQuery) {
      const scope = await resolveNamespaceFilter(services.policies, actor, q.namespace, 'read', 'query.namespace');
      const { items, pagination } = await pageRows(
        db,
        events,
        and(
          ofEnvironment(events, actor),
          namespaceCondition(events.namespace, scope),
          q.sessionId ? eq(events.sessionId, q.sessionId) : undefined,
          q.subjectId ? eq(events.subjectId, q.subjectId) : undefined,
          q.agentId ? eq(events.agentId, q.agentId) : undefined,
          q.type ? eq(events.type, q.type) : undefined,
        ),
        q,
        'desc',
      );
      if (items.length > 0) {
        services.accessLog.record(actor, {
          operation: 'events.list',
          namespace: scope.namespace ?? null,
          memoryIds: [],
        });
      }
      return { events: items.map(toStoredEvent), pagination };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
