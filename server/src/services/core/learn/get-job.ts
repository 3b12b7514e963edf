/** GET /v1/learn/jobs/:id: a job of the caller's tenant and environment (and namespace, for a bound key). */
import type { LearnJob } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { learnJobs } from '../../../db/schema/index.js';
import { loadRow, ofEnvironment } from '../../../db/scoped-rows.js';
import { notFound } from '../../../errors.js';
import { type Filters, toLearnJob } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

export async function getLearnJob(rt: LearnRuntime, actor: Actor, jobId: string): Promise<LearnJob> {
  const row = await loadRow(rt.database.db, learnJobs, 'Learn job', jobId, ofEnvironment(learnJobs, actor));
  const f = row.filters as Filters;
  // A namespace-bound key sees only jobs of its namespace.
  if (actor.namespaceId && f.namespace !== actor.namespaceId) throw notFound('Learn job');
  return toLearnJob(row);
}
