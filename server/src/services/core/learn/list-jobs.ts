/**
 * GET /v1/learn/jobs: the learn jobs of the caller's tenant and environment, newest first, a page at a
 * time behind a cursor, optionally of one status. A job is listed only where `getLearnJob` would show
 * it (mayReadJob), so a page can hold fewer than `limit` jobs; the cursor still moves on.
 */
import type { LearnJob, LearnJobStatus } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { learnJobs } from '../../../db/schema/index.js';
import { ofEnvironment, pageRows } from '../../../db/scoped-rows.js';
import { mayReadJob } from './get-job.js';
import { type Filters, toLearnJob } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

export async function listLearnJobs(
  rt: LearnRuntime,
  actor: Actor,
  query: { limit: number; cursor?: string; status?: LearnJobStatus },
): Promise<{ jobs: LearnJob[]; pagination: { hasMore: boolean; cursor?: string } }> {
  const where = and(ofEnvironment(learnJobs, actor), query.status ? eq(learnJobs.status, query.status) : undefined);
  const page = await pageRows(rt.database.db, learnJobs, where, query, 'desc');
  const jobs: LearnJob[] = [];
  for (const row of page.items) {
    if (await mayReadJob(rt, actor, row.filters as Filters)) jobs.push(toLearnJob(row));
  }
  return { jobs, pagination: page.pagination };
}
