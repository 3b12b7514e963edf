/**
 * Memories (docs/concepts.md): list, get and delete compiled memories, and forget
 * everything about a subject (events, memories and the artifacts built from them, along lineage).
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  Id,
  IsoDateTime,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';

const c = initContract();

export const MEMORY_KINDS = ['fact', 'preference', 'instruction', 'episode', 'entity', 'procedure'] as const;
export const MemoryKindSchema = z.enum(MEMORY_KINDS);
export const MemoryStatusSchema = z.enum(['active', 'superseded', 'archived']);

export const MemorySchema = z.object({
  id: z.string(),
  kind: MemoryKindSchema,
  subjectId: z.string().nullable(),
  namespace: z.string(),
  sessionId: z.string().nullable(),
  agentId: z.string().nullable(),
  content: z.string(),
  attributes: z.record(z.unknown()),
  confidence: z.number(),
  mentions: z.number().int().describe('How many statements it was compiled from'),
  validFrom: IsoDateTime,
  validTo: IsoDateTime.nullable().describe('Set when a newer value superseded it'),
  occurredAt: IsoDateTime.nullable(),
  lastSeenAt: IsoDateTime,
  status: MemoryStatusSchema,
  supersededBy: z.string().nullable(),
  sourceEventIds: z.array(z.string()),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Memory = z.infer<typeof MemorySchema>;

const ScopeString = z.string().trim().min(1).max(256);

export const memoriesContract = c.router({
  list: {
    method: 'GET',
    path: '/memories',
    query: PageQuerySchema.extend({
      kind: MemoryKindSchema.optional(),
      status: MemoryStatusSchema.optional().describe('Default: every status'),
      subjectId: ScopeString.optional(),
      sessionId: ScopeString.optional(),
      namespace: z.string().trim().min(1).max(128).optional(),
    }),
    summary: 'List memories',
    description: 'Newest first, cursor pagination. Reads are written to the memory access log.',
    responses: {
      200: page('memories', MemorySchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/memories/:id',
    pathParams: z.object({ id: Id }),
    summary: 'Get a memory',
    responses: { 200: envelope(MemorySchema), ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found') },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/memories/:id',
    pathParams: z.object({ id: Id }),
    body: c.noBody(),
    summary: 'Delete a memory',
    description:
      'Erases its content and keeps a tombstone, so compiling the same events again does not bring it back. Artifacts built from it are marked deprecated until the next learn rebuilds them.',
    responses: {
      200: envelope(z.object({ id: z.string(), deleted: z.literal(true), artifactsDeprecated: z.number().int() })),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'delete' } satisfies RouteMeta,
  },
  forgetSubject: idempotent({
    method: 'DELETE',
    path: '/subjects/:subjectId',
    pathParams: z.object({ subjectId: ScopeString }),
    query: z.object({ namespace: z.string().trim().min(1).max(128).optional() }),
    body: c.noBody(),
    summary: 'Forget a subject',
    description:
      'Deletes every event about the subject, the memories compiled from them or about it, the artifacts built from any of those (artifacts shared with others, such as digests and session summaries, are retired and compiled again by the next learn), the vault items redacted from those events and the lineage edges touching them, and clears the query text of access-log rows that read them. Runs in bounded batches of one transaction each: after a crash, calling again finishes the erasure. Answers the counts.',
    responses: {
      200: envelope(
        z.object({
          subjectId: z.string(),
          deleted: z.object({
            events: z.number().int(),
            memories: z.number().int(),
            artifacts: z.number().int(),
            lineageEdges: z.number().int(),
            vaultItems: z.number().int().describe('Vault items holding secrets redacted from the deleted events'),
            accessLogsScrubbed: z
              .number()
              .int()
              .describe('Access-log rows that read what was deleted: their query text is cleared'),
          }),
        }),
      ),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'delete' } satisfies RouteMeta,
  }),
});
