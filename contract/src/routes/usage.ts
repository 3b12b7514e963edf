/**
 * Usage metrics: the @hippocortex/sdk 1.2 shape (period, usage, quota) plus the Hx
 * totals of stored memories, artifacts and storage.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { AUTHED_ERRORS, IsoDateTime, type RouteMeta, envelope, errors } from '../common.js';

const c = initContract();

export const UsagePeriodSchema = z.enum(['1h', '24h', '7d', '30d']);
export const UsageGranularitySchema = z.enum(['minute', 'hour', 'day']);

const Count = z.number().int();

export const UsagePointSchema = z.object({
  start: IsoDateTime.describe('Start of the bucket (UTC); the first and last buckets of a period are partial'),
  events: Count.describe('Events ingested (duplicates not counted)'),
  compilations: Count.describe('Learn jobs started'),
  syntheses: Count,
  tokensUsed: Count.describe('Tokens of the contexts synthesized'),
});
export type UsagePoint = z.infer<typeof UsagePointSchema>;

export const UsageMetricsSchema = z.object({
  period: z.object({
    start: IsoDateTime,
    end: IsoDateTime,
    granularity: UsageGranularitySchema.describe(
      'The width of the series buckets: as asked, except minute beyond 24h, which is answered by hour',
    ),
  }),
  series: z
    .array(UsagePointSchema)
    .describe('The period in buckets of `granularity`, oldest first, every bucket present (zeros included)'),
  usage: z.object({
    events: z.object({
      total: Count.describe('ingested + duplicates + errors'),
      ingested: Count,
      duplicates: Count,
      errors: Count,
      byType: z.record(Count).describe('Ingested events per type'),
    }),
    compilations: z.object({
      total: Count,
      completed: Count,
      failed: Count,
      artifactsCreated: Count,
      artifactsUpdated: Count,
      eventsProcessed: Count,
    }),
    syntheses: z.object({ total: Count, avgTokensUsed: z.number(), avgCompressionRatio: z.number() }),
  }),
  quota: z.object({
    plan: z.string(),
    eventsLimit: Count.nullable().describe('null: unlimited'),
    eventsUsed: Count,
    eventsRemaining: Count.nullable().describe('null: unlimited'),
    resetDate: IsoDateTime,
  }),
  memories: z.object({ total: Count, active: Count, superseded: Count, byKind: z.record(Count) }),
  artifacts: z.object({ total: Count, byType: z.record(Count) }),
  storage: z.object({
    events: Count,
    memories: Count,
    artifacts: Count,
    lineageEdges: Count,
    bytes: Count.describe('Approximate size of stored events, memories and artifacts'),
  }),
});
export type UsageMetrics = z.infer<typeof UsageMetricsSchema>;

export const usageContract = c.router({
  get: {
    method: 'GET',
    path: '/usage-metrics',
    query: z.object({
      period: UsagePeriodSchema.default('24h'),
      granularity: UsageGranularitySchema.optional().describe('Default: minute for 1h, hour for 24h, day beyond'),
    }),
    summary: 'Get usage metrics',
    description:
      "Events, compilations and syntheses of the period for the key's tenant and environment, in total and over time (`series`, one point per `granularity` bucket), the monthly quota, and stored totals.",
    responses: { 200: envelope(UsageMetricsSchema), ...errors(...AUTHED_ERRORS, 'forbidden') },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});
