/**
 * Memory lineage: where a memory came from (events) and what it went into (artifacts). The record
 * route answers the lineage record (docs/concepts.md); the graph route answers nodes and edges of the whole chain.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { Id, IsoDateTime, type RouteMeta, envelope, errors } from '../common.js';
import { ORG_ERRORS, OrgHeaders } from './organizations.js';

const c = initContract();

/** Edge types written by capture and learn (docs/concepts.md); kept open on the wire for new ones. */
export const LINEAGE_EDGE_TYPES = ['captured_from', 'supersedes', 'compiled_into', 'redacted_into'] as const;

export const LineageEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  type: z.string().describe(`One of ${LINEAGE_EDGE_TYPES.join(', ')}`),
  timestamp: IsoDateTime,
});
export type LineageEdge = z.infer<typeof LineageEdgeSchema>;

export const LineageRecordSchema = z.object({
  memoryId: z.string(),
  sourceEvents: z.array(z.string()),
  derivedArtifacts: z.array(z.string()),
  lineage: z.array(LineageEdgeSchema),
});
export type LineageRecord = z.infer<typeof LineageRecordSchema>;

export const LINEAGE_NODE_TYPES = ['event', 'memory', 'artifact', 'vault_item'] as const;
export const LineageNodeSchema = z.object({
  id: z.string(),
  type: z.enum(LINEAGE_NODE_TYPES),
  label: z.string().optional().describe('Short human label: event type and text, memory content, artifact title'),
});
export type LineageNode = z.infer<typeof LineageNodeSchema>;

export const LineageGraphSchema = z.object({
  memoryId: z.string(),
  nodes: z.array(LineageNodeSchema),
  edges: z.array(LineageEdgeSchema),
  truncated: z.boolean().describe('True when the graph hit the node limit and was cut'),
});
export type LineageGraph = z.infer<typeof LineageGraphSchema>;

const MemoryParams = z.object({ orgId: Id, memoryId: Id });

export const lineageContract = c.router({
  get: {
    method: 'GET',
    path: '/organizations/:orgId/lineage/:memoryId',
    pathParams: MemoryParams,
    headers: OrgHeaders,
    summary: 'Get the lineage of a memory',
    description:
      'The events the memory was captured from, the artifacts compiled from it, and every lineage edge touching it. A memory of another tenant answers 404.',
    responses: {
      200: envelope(LineageRecordSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lineage:read' } satisfies RouteMeta,
  },
  graph: {
    method: 'GET',
    path: '/organizations/:orgId/lineage/graph/:memoryId',
    pathParams: MemoryParams,
    headers: OrgHeaders,
    summary: 'Get the lineage graph of a memory',
    description:
      'The directed graph from source events through the memory and the memories it supersedes or is superseded by, to the artifacts compiled from them (and vault items secrets of the events were redacted into). Edges keep the direction they were recorded with (captured_from: event -> memory, supersedes: memory -> memory, compiled_into: memory -> artifact, redacted_into: event -> vault item); at most 1000 nodes.',
    responses: {
      200: envelope(LineageGraphSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lineage:read' } satisfies RouteMeta,
  },
});
