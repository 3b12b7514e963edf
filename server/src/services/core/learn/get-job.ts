/**
 * GET /v1/learn/jobs/:id: a job of the caller's tenant and environment whose namespaces the caller
 * may read; any other answers 404 (its existence is not revealed).
 */
import type { LearnJob } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { learnJobs } from '../../../db/schema/index.js';
import { loadRow, ofEnvironment } from '../../../db/scoped-rows.js';
import { HiddenDenial } from '../../../errors.js';
import { mayAccessNamespace } from '../namespace-scope.js';
import { type Filters, toLearnJob } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

export async function getLearnJob(rt: LearnRuntime, actor: Actor, jobId: string): Promise<LearnJob> {
  const row = await loadRow(rt.database.db, learnJobs, 'Learn job', jobId, ofEnvironment(learnJobs, actor));
  const f = row.filters as Filters;
  if (!(await mayReadJob(rt, actor, f))) {
    throw new HiddenDenial('Learn job', `Learn job ${jobId} compiles namespaces outside this credential's reach`);
  }
  return toLearnJob(row);
}

/**
 * A job over one namespace is readable where that namespace is; one over a list, where each is; one
 * over the whole tenant only by a credential that reaches the whole tenant.
 */
export async function mayReadJob(rt: LearnRuntime, actor: Actor, f: Filters): Promise<boolean> {
  if (f.namespace) return mayAccessNamespace(rt.policies, actor, f.namespace, 'read');
  const { only } = await rt.policies.unnamedScope(actor, 'read');
  if (!only) return true;
  return f.namespaces?.every((ns) => only.includes(ns)) === true;
}
