/**
 * Compiled artifacts: list and get (docs/concepts.md). The list query is the @hippocortex/sdk 1.2 one
 * (type, status, sort, order, limit, cursor) plus the Hx scope filters; `pagination.total` is always
 * given, since that client reads it.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { AUTHED_ERRORS, Id, IsoDateTime, PageQuerySchema, type RouteMeta, envelope, errors, page } from '../common.js';
import { ArtifactTypeSchema } from './learn.js';

const c = initContract();

export const ArtifactStatusSchema = z.enum(['active', 'deprecated', 'superseded']);
export const ArtifactSortSchema = z.enum(['createdAt', 'updatedAt', 'confidence', 'evidenceCount']);

export const ArtifactSchema = z.object({
  id: z.string(),
  type: ArtifactTypeSchema,
  status: ArtifactStatusSchema,
  title: z.string(),
  content: z.record(z.unknown()).describe('Structured content; its shape depends on the type'),
  markdown: z.string().describe('Prompt-ready rendering of the content'),
  confidence: z.number(),
  evidenceCount: z.number().int(),
  version: z.number().int().describe('Grows by one each time a learn run changes the artifact'),
  sourceEvents: z.array(z.string()),
  sourceMemories: z.array(z.string()),
  namespace: z.string(),
  subjectId: z.string().nullable(),
  sessionId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Artifact = z.infer<typeof ArtifactSchema>;

const ScopeString = z.string().trim().min(1).max(256);

export const ArtifactListQuerySchema = PageQuerySchema.extend({
  type: ArtifactTypeSchema.optional(),
  status: ArtifactStatusSchema.optional(),
  sort: ArtifactSortSchema.default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  namespace: z.string().trim().min(1).max(128).optional(),
  subjectId: ScopeString.optional(),
  sessionId: ScopeString.optional(),
});

export const artifactsContract = c.router({
  list: {
    method: 'GET',
    path: '/artifacts',
    query: ArtifactListQuerySchema,
    summary: 'List artifacts',
    description:
      "Artifacts of the key's environment (and namespace, for a namespace-bound key), filtered and sorted; cursor pagination; `total` is given up to 10,000 matching artifacts and left out above.",
    responses: {
      200: page('artifacts', ArtifactSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/artifacts/:id',
    pathParams: z.object({ id: Id }),
    summary: 'Get an artifact',
    responses: {
      200: envelope(ArtifactSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});
