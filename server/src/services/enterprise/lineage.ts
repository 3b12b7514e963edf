/**
 * Lineage reads: a memory's record (source events, derived artifacts, the edges touching it) and its
 * graph (the supersession chain with every event it was captured from, the vault items their secrets
 * went to, and the artifacts compiled from it). Reads stay inside the actor's tenant and organization
 * and go through the namespace's access policies like any memory read.
 */
import type { LineageEdge, LineageGraph, LineageNode, LineageRecord } from '@hx-memory/contract';
import { and, arrayContains, asc, eq, inArray, or } from 'drizzle-orm';
import type { AccessLog } from '../../audit/access-log.js';
import type { Actor } from '../../actor.js';
import { artifacts, events, lineageEdges, memories } from '../../db/schema/index.js';
import { HiddenDenial, notFound } from '../../errors.js';
import { isTenantOwner } from '../account/ownership.js';
import { orgScope } from './org-scope.js';
import type { NamespacesService } from './namespaces.js';
import type { PoliciesService } from './policies/policies.js';
import type { ServiceDeps } from '../deps.js';

type EdgeRow = typeof lineageEdges.$inferSelect;

/** The graph stops growing here and says so (`truncated`), so one hub memory cannot exhaust a request. */
export const GRAPH_NODE_LIMIT = 1000;
const LABEL_LENGTH = 120;
/** Id prefixes (ids.ts) tell a node's type without a lookup. */
const NODE_TYPES: Record<string, LineageNode['type']> = {
  evt: 'event',
  mem: 'memory',
  art: 'artifact',
  vit: 'vault_item',
};

export function nodeType(id: string): LineageNode['type'] | undefined {
  return NODE_TYPES[id.slice(0, id.indexOf('_'))];
}

const toEdge = (e: EdgeRow): LineageEdge => ({
  from: e.fromId,
  to: e.toId,
  type: e.type,
  timestamp: e.createdAt.toISOString(),
});

const byTime = (a: EdgeRow, b: EdgeRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
}

export function createLineageService(
  deps: Pick<ServiceDeps, 'database'>,
  services: {
    namespaces: Pick<NamespacesService, 'resolve'>;
    policies: Pick<PoliciesService, 'assertNamespaceAccess'>;
    accessLog: Pick<AccessLog, 'record'>;
  },
) {
  const { db } = deps.database;

  /** The memory, if it is the tenant's, readable under its namespace's policies and not another org's. */
  async function loadMemory(actor: Actor, orgId: string, memoryId: string) {
    const scope = orgScope(actor, orgId);
    const [memory] = await db
      .select({ id: memories.id, namespace: memories.namespace, sourceEventIds: memories.sourceEventIds })
      .from(memories)
      .where(and(eq(memories.id, memoryId), eq(memories.tenantId, scope.tenantId)))
      .limit(1);
    if (!memory) throw notFound('Memory');
    const ns = await services.namespaces.resolve(scope.tenantId, memory.namespace);
    // A memory in a namespace another organization owns is not revealed to this one, nor one in an
    // unregistered namespace (the tenant owner's own data) to anyone but the owner.
    if (ns ? ns.organizationId !== scope.organizationId : !isTenantOwner(actor)) {
      throw new HiddenDenial('Memory', `Memory ${memoryId} is in a namespace outside organization ${orgId}`);
    }
    await services.policies.assertNamespaceAccess(actor, memory.namespace, 'read');
    return memory;
  }

  async function edgesTouching(tenantId: string, ids: string[]): Promise<EdgeRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(lineageEdges)
      .where(
        and(
          eq(lineageEdges.tenantId, tenantId),
          or(inArray(lineageEdges.fromId, ids), inArray(lineageEdges.toId, ids)),
        ),
      );
  }

  async function labels(tenantId: string, ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const of = (t: LineageNode['type']) => ids.filter((id) => nodeType(id) === t);
    const memIds = of('memory');
    const evtIds = of('event');
    const artIds = of('artifact');
    if (memIds.length > 0) {
      const rows = await db
        .select({ id: memories.id, content: memories.content, kind: memories.kind })
        .from(memories)
        .where(and(eq(memories.tenantId, tenantId), inArray(memories.id, memIds)));
      for (const r of rows) out.set(r.id, clip(`${r.kind}: ${r.content}`));
    }
    if (evtIds.length > 0) {
      const rows = await db
        .select({ id: events.id, type: events.type, text: events.text })
        .from(events)
        .where(and(eq(events.tenantId, tenantId), inArray(events.id, evtIds)));
      for (const r of rows) out.set(r.id, clip(r.text ? `${r.type}: ${r.text}` : r.type));
    }
    if (artIds.length > 0) {
      const rows = await db
        .select({ id: artifacts.id, title: artifacts.title })
        .from(artifacts)
        .where(and(eq(artifacts.tenantId, tenantId), inArray(artifacts.id, artIds)));
      for (const r of rows) out.set(r.id, clip(r.title));
    }
    return out;
  }

  return {
    async get(actor: Actor, orgId: string, memoryId: string): Promise<LineageRecord> {
      const memory = await loadMemory(actor, orgId, memoryId);
      const edges = (await edgesTouching(actor.tenantId, [memory.id])).sort(byTime);
      const compiled = await db
        .select({ id: artifacts.id })
        .from(artifacts)
        .where(and(eq(artifacts.tenantId, actor.tenantId), arrayContains(artifacts.sourceMemories, [memory.id])))
        .orderBy(asc(artifacts.id));
      const sourceEvents = new Set<string>();
      const derivedArtifacts = new Set<string>();
      for (const e of edges) {
        if (e.type === 'captured_from' && e.toId === memory.id) sourceEvents.add(e.fromId);
        if (e.type === 'compiled_into' && e.fromId === memory.id) derivedArtifacts.add(e.toId);
      }
      // Learn also records sources on the rows themselves; an edge missing from the table must not hide them.
      for (const id of memory.sourceEventIds) sourceEvents.add(id);
      for (const a of compiled) derivedArtifacts.add(a.id);
      services.accessLog.record(actor, {
        operation: 'lineage.read',
        namespace: memory.namespace,
        memoryIds: [memory.id],
      });
      return {
        memoryId: memory.id,
        sourceEvents: [...sourceEvents],
        derivedArtifacts: [...derivedArtifacts],
        lineage: edges.map(toEdge),
      };
    },

    async graph(actor: Actor, orgId: string, memoryId: string): Promise<LineageGraph> {
      const memory = await loadMemory(actor, orgId, memoryId);
      const tenantId = actor.tenantId;
      const nodeIds = new Set<string>([memory.id]);
      const edges = new Map<string, EdgeRow>();
      let truncated = false;
      const admit = (id: string) => {
        if (nodeIds.has(id)) return true;
        if (nodeIds.size >= GRAPH_NODE_LIMIT) {
          truncated = true;
          return false;
        }
        nodeIds.add(id);
        return true;
      };

      // Walk through memories only: events and artifacts are ends, or one artifact would pull in every
      // memory compiled into it.
      let frontier = [memory.id];
      while (frontier.length > 0 && !truncated) {
        const next: string[] = [];
        for (const e of await edgesTouching(tenantId, frontier)) {
          if (edges.has(e.id)) continue;
          if (!nodeType(e.fromId) || !nodeType(e.toId)) continue;
          if (e.type === 'redacted_into') continue; // added below for the events in the graph
          const fresh = [e.fromId, e.toId].filter((id) => !nodeIds.has(id));
          if (!fresh.every(admit)) break;
          edges.set(e.id, e);
          for (const id of fresh) if (nodeType(id) === 'memory') next.push(id);
        }
        frontier = next;
      }

      const eventIds = [...nodeIds].filter((id) => nodeType(id) === 'event');
      if (eventIds.length > 0 && !truncated) {
        const redactions = await db
          .select()
          .from(lineageEdges)
          .where(
            and(
              eq(lineageEdges.tenantId, tenantId),
              eq(lineageEdges.type, 'redacted_into'),
              inArray(lineageEdges.fromId, eventIds),
            ),
          );
        for (const e of redactions) {
          if (nodeType(e.toId) !== 'vault_item' || !admit(e.toId)) continue;
          edges.set(e.id, e);
        }
      }

      const ids = [...nodeIds];
      const labelOf = await labels(tenantId, ids);
      const nodes: LineageNode[] = ids.map((id) => {
        const label = labelOf.get(id);
        return { id, type: nodeType(id)!, ...(label !== undefined ? { label } : {}) };
      });
      services.accessLog.record(actor, {
        operation: 'lineage.graph',
        namespace: memory.namespace,
        memoryIds: ids.filter((id) => nodeType(id) === 'memory'),
        artifactIds: ids.filter((id) => nodeType(id) === 'artifact'),
      });
      return { memoryId: memory.id, nodes, edges: [...edges.values()].sort(byTime).map(toEdge), truncated };
    },
  };
}

export type LineageService = ReturnType<typeof createLineageService>;
