/**
 * Learn: memory compilation as a job (docs/concepts.md). The body is the @hippocortex/sdk 1.2 shape
 * (`scope`, `options`) plus the Hx scope filters and `wait`; the job carries `runId` (the SDK's name)
 * and `jobId`, and always its `artifacts` and `stats` counts (zeros until it finishes).
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
  idempotent,
  page,
} from '../common.js';

const c = initContract();

export const ARTIFACT_TYPES = [
  'profile',
  'session_summary',
  'timeline',
  'digest',
  'task_schema',
  'failure_playbook',
  'causal_pattern',
  'decision_policy',
] as const;
export const ArtifactTypeSchema = z.enum(ARTIFACT_TYPES);
export type ArtifactTypeName = z.infer<typeof ArtifactTypeSchema>;

export const LearnJobStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type LearnJobStatus = z.infer<typeof LearnJobStatusSchema>;

const ScopeString = z.string().trim().min(1).max(256);

export const LearnRequestSchema = z.object({
  scope: z
    .enum(['incremental', 'full'])
    .default('incremental')
    .describe('incremental: only events not compiled before; full: every event of the scope again'),
  options: z
    .object({
      minPatternStrength: z.number().min(0).max(1).optional().describe('Procedural patterns below it are not emitted'),
      artifactTypes: z.array(ArtifactTypeSchema).max(ARTIFACT_TYPES.length).optional(),
    })
    .default({}),
  namespace: z.string().trim().min(1).max(128).optional(),
  sessionId: ScopeString.optional(),
  subjectId: ScopeString.optional(),
  agentId: ScopeString.optional(),
  wait: z
    .boolean()
    .default(false)
    .describe('Answer 200 with the finished job when it completes within the request timeout'),
});
export type LearnRequest = z.infer<typeof LearnRequestSchema>;

export const LearnJobSchema = z.object({
  id: z.string(),
  runId: z.string().describe('Same as id (the @hippocortex/sdk name)'),
  jobId: z.string().describe('Same as id'),
  status: LearnJobStatusSchema,
  scope: z.enum(['incremental', 'full']),
  filters: z.object({
    namespace: z.string().nullable(),
    sessionId: z.string().nullable(),
    subjectId: z.string().nullable(),
    agentId: z.string().nullable(),
  }),
  options: z.object({
    minPatternStrength: z.number().optional(),
    artifactTypes: z.array(ArtifactTypeSchema).optional(),
  }),
  artifacts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    byType: z.record(z.number().int()).describe('Artifacts created or updated, per type'),
  }),
  stats: z.object({
    eventsProcessed: z.number().int(),
    memoriesProcessed: z.number().int(),
    memoriesCreated: z.number().int(),
    memoriesMerged: z.number().int(),
    memoriesSuperseded: z.number().int(),
    patternsFound: z.number().int(),
    compilationMs: z.number(),
  }),
  error: z.string().nullable().describe('Why the job failed'),
  compiler: z.string().nullable(),
  createdAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  finishedAt: IsoDateTime.nullable(),
});
export type LearnJob = z.infer<typeof LearnJobSchema>;

export const learnContract = c.router({
  learn: idempotent({
    method: 'POST',
    path: '/learn',
    summary: 'Compile memories (start a learn job)',
    description:
      'Queues a compilation of the scope (namespace, session, subject, agent). 202 with the job while it is queued or running; with wait: true, 200 with the finished job when it ends within the request timeout. Learns of one tenant and environment run one at a time, so two learns of the same scope never run at once.',
    body: LearnRequestSchema,
    responses: {
      202: envelope(LearnJobSchema),
      200: envelope(LearnJobSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'write' } satisfies RouteMeta,
  }),
  listJobs: {
    method: 'GET',
    path: '/learn/jobs',
    query: PageQuerySchema.extend({ status: LearnJobStatusSchema.optional() }),
    summary: 'List learn jobs',
    description:
      "Hx addition: the learn jobs of the key's tenant and environment, newest first, optionally of one status. A job is listed where GET /v1/learn/jobs/:id would answer it (its namespaces within the key's reach), so a page may hold fewer than limit jobs; follow pagination.cursor while hasMore.",
    responses: {
      200: page('jobs', LearnJobSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  getJob: {
    method: 'GET',
    path: '/learn/jobs/:id',
    pathParams: z.object({ id: Id }),
    summary: 'Get a learn job',
    description: 'queued -> running -> completed | failed, with its counts and the error when it failed.',
    responses: {
      200: envelope(LearnJobSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});
