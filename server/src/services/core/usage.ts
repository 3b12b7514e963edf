/**
 * Usage metrics: capture counters, learn jobs and syntheses of a period (in total and as a series of
 * `granularity` buckets), the monthly quota, and stored totals, for the key's tenant and environment.
 */
import type { UsageMetrics, UsagePoint } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import {
  accessLogs,
  artifacts,
  captureStats,
  events,
  learnJobs,
  lineageEdges,
  memories,
} from '../../db/schema/index.js';
import type { CaptureCounters } from './capture/counters.js';
import type { QuotaService } from './quota.js';
import type { AccessLog } from '../../audit/access-log.js';
import type { ServiceDeps } from '../deps.js';

const PERIOD_MS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const DEFAULT_GRANULARITY = { '1h': 'minute', '24h': 'hour', '7d': 'day', '30d': 'day' } as const;

const STEP_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

type Period = keyof typeof PERIOD_MS;
type Granularity = keyof typeof STEP_MS;

/** The series' bucket width: as asked, but no more than 1,440 minutes (a day) of them. */
export function seriesGranularity(period: Period, asked: Granularity | undefined): Granularity {
  const g = asked ?? DEFAULT_GRANULARITY[period];
  return g === 'minute' && PERIOD_MS[period] > PERIOD_MS['24h'] ? 'hour' : g;
}

const int = (v: unknown) => Number(v ?? 0) || 0;

export function createUsageService(
  deps: Pick<ServiceDeps, 'database'>,
  services: {
    quota: Pick<QuotaService, 'status'>;
    counters: Pick<CaptureCounters, 'flush'>;
    accessLog: Pick<AccessLog, 'flush'>;
  },
) {
  const { database } = deps;

  return {
    async get(actor: Actor, q: { period: Period; granularity?: Granularity }): Promise<UsageMetrics> {
      // This process's capture counts are written a second at a time (capture/counters.ts): write them first.
      // So are its access-log rows, which count the syntheses (audit/access-log.ts).
      await Promise.all([services.counters.flush(), services.accessLog.flush()]);
      const end = new Date();
      const start = new Date(end.getTime() - PERIOD_MS[q.period]);
      // Capture counters are hourly: count the hours the period touches.
      const fromHour = new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000);
      const t = actor.tenantId;
      const env = actor.environment;
      const granularity = seriesGranularity(q.period, q.granularity);
      const step = STEP_MS[granularity] / 1000;
      // Bucket number (UTC epoch seconds / bucket width) of a timestamp column.
      const bucket = (col: ReturnType<typeof sql.raw>) => sql`floor(extract(epoch from ${col}) / ${step})::bigint`;
      const since = granularity === 'minute' ? start : fromHour;

      const [captures, jobs, syntheses, memoryKinds, artifactTypes, storage, quota] = await Promise.all([
        database.rows<{ type: string; ingested: number; duplicates: number }>(
          sql`select type, sum(ingested)::int as ingested, sum(duplicates)::int as duplicates from ${captureStats}
              where tenant_id = ${t} and environment = ${env} and hour >= ${fromHour.toISOString()}::timestamptz group by type`,
        ),
        database.rows<Record<string, unknown>>(
          sql`select count(*)::int as total,
                count(*) filter (where status = 'completed')::int as completed,
                count(*) filter (where status = 'failed')::int as failed,
                coalesce(sum((artifacts->>'created')::int), 0)::int as created,
                coalesce(sum((artifacts->>'updated')::int), 0)::int as updated,
                coalesce(sum((stats->>'eventsProcessed')::int), 0)::int as events
              from ${learnJobs} where tenant_id = ${t} and environment = ${env} and created_at >= ${start.toISOString()}::timestamptz`,
        ),
        database.rows<{ total: number; tokens: number | null; ratio: number | null }>(
          // Rows written before tokens were recorded (null) count in the total, not in the averages.
          sql`select count(*)::int as total, avg(tokens_used)::float8 as tokens,
                avg(candidate_tokens::float8 / nullif(tokens_used, 0))::float8 as ratio
              from ${accessLogs}
              where tenant_id = ${t} and environment = ${env} and operation = 'synthesize' and created_at >= ${start.toISOString()}::timestamptz`,
        ),
        database.rows<{ kind: string; status: string; n: number }>(
          sql`select kind, status, count(*)::int as n from ${memories}
              where tenant_id = ${t} and environment = ${env} and status <> 'deleted' group by kind, status`,
        ),
        database.rows<{ type: string; n: number }>(
          sql`select type, count(*)::int as n from ${artifacts} where tenant_id = ${t} and environment = ${env} group by type`,
        ),
        database.rows<Record<string, unknown>>(
          sql`select
                (select count(*) from ${events} where tenant_id = ${t} and environment = ${env})::int as events,
                (select coalesce(sum(pg_column_size(payload) + pg_column_size(metadata) + octet_length(text)), 0)
                   from ${events} where tenant_id = ${t} and environment = ${env})::bigint as event_bytes,
                (select coalesce(sum(octet_length(content) + pg_column_size(attributes)), 0)
                   from ${memories} where tenant_id = ${t} and environment = ${env})::bigint as memory_bytes,
                (select coalesce(sum(octet_length(markdown) + pg_column_size(content)), 0)
                   from ${artifacts} where tenant_id = ${t} and environment = ${env})::bigint as artifact_bytes,
                (select count(*) from ${lineageEdges} where tenant_id = ${t})::int as edges`,
        ),
        services.quota.status(actor),
      ]);
      // The series: capture counters are hourly, so minute buckets count the stored events instead
      // (duplicates are not stored, and are not in the series either way).
      const [eventPoints, jobPoints, synthesisPoints] = await Promise.all([
        granularity === 'minute'
          ? database.rows<{ b: string; n: number }>(
              sql`select ${bucket(sql.raw('created_at'))} as b, count(*)::int as n from ${events}
                  where tenant_id = ${t} and environment = ${env} and created_at >= ${since.toISOString()}::timestamptz group by 1`,
            )
          : database.rows<{ b: string; n: number }>(
              sql`select ${bucket(sql.raw('hour'))} as b, sum(ingested)::int as n from ${captureStats}
                  where tenant_id = ${t} and environment = ${env} and hour >= ${since.toISOString()}::timestamptz group by 1`,
            ),
        database.rows<{ b: string; n: number }>(
          sql`select ${bucket(sql.raw('created_at'))} as b, count(*)::int as n from ${learnJobs}
              where tenant_id = ${t} and environment = ${env} and created_at >= ${start.toISOString()}::timestamptz group by 1`,
        ),
        database.rows<{ b: string; n: number; tokens: number }>(
          sql`select ${bucket(sql.raw('created_at'))} as b, count(*)::int as n, coalesce(sum(tokens_used), 0)::int as tokens
              from ${accessLogs}
              where tenant_id = ${t} and environment = ${env} and operation = 'synthesize' and created_at >= ${start.toISOString()}::timestamptz
              group by 1`,
        ),
      ]);
      const first = Math.floor(since.getTime() / 1000 / step);
      const last = Math.floor(end.getTime() / 1000 / step);
      const series: UsagePoint[] = [];
      for (let b = first; b <= last; b++) {
        series.push({
          start: new Date(b * step * 1000).toISOString(),
          events: 0,
          compilations: 0,
          syntheses: 0,
          tokensUsed: 0,
        });
      }
      const at = (b: unknown) => series[Number(b) - first];
      for (const r of eventPoints) {
        const p = at(r.b);
        if (p) p.events += int(r.n);
      }
      for (const r of jobPoints) {
        const p = at(r.b);
        if (p) p.compilations += int(r.n);
      }
      for (const r of synthesisPoints) {
        const p = at(r.b);
        if (p) {
          p.syntheses += int(r.n);
          p.tokensUsed += int(r.tokens);
        }
      }

      const byType: Record<string, number> = {};
      let ingested = 0;
      let duplicates = 0;
      for (const r of captures) {
        ingested += int(r.ingested);
        duplicates += int(r.duplicates);
        if (int(r.ingested) > 0) byType[r.type] = int(r.ingested);
      }
      const byKind: Record<string, number> = {};
      let memTotal = 0;
      let memActive = 0;
      let memSuperseded = 0;
      for (const r of memoryKinds) {
        byKind[r.kind] = (byKind[r.kind] ?? 0) + int(r.n);
        memTotal += int(r.n);
        if (r.status === 'active') memActive += int(r.n);
        if (r.status === 'superseded') memSuperseded += int(r.n);
      }
      const artByType: Record<string, number> = {};
      let artTotal = 0;
      for (const r of artifactTypes) {
        artByType[r.type] = int(r.n);
        artTotal += int(r.n);
      }
      const j = jobs[0] ?? {};
      const s = storage[0] ?? {};
      return {
        period: {
          start: start.toISOString(),
          end: end.toISOString(),
          granularity,
        },
        series,
        usage: {
          events: { total: ingested + duplicates, ingested, duplicates, errors: 0, byType },
          compilations: {
            total: int(j.total),
            completed: int(j.completed),
            failed: int(j.failed),
            artifactsCreated: int(j.created),
            artifactsUpdated: int(j.updated),
            eventsProcessed: int(j.events),
          },
          syntheses: {
            total: int(syntheses[0]?.total),
            avgTokensUsed: Math.round(Number(syntheses[0]?.tokens ?? 0) * 10) / 10,
            avgCompressionRatio: Math.round(Number(syntheses[0]?.ratio ?? 0) * 100) / 100,
          },
        },
        quota: {
          plan: quota.plan,
          eventsLimit: quota.eventsLimit,
          eventsUsed: quota.eventsUsed,
          eventsRemaining: quota.eventsLimit === null ? null : Math.max(0, quota.eventsLimit - quota.eventsUsed),
          resetDate: quota.resetDate,
        },
        memories: { total: memTotal, active: memActive, superseded: memSuperseded, byKind },
        artifacts: { total: artTotal, byType: artByType },
        storage: {
          events: int(s.events),
          memories: memTotal,
          artifacts: artTotal,
          lineageEdges: int(s.edges),
          bytes: int(s.event_bytes) + int(s.memory_bytes) + int(s.artifact_bytes),
        },
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
