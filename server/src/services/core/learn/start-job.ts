/**
 * POST /v1/learn: records a queued job and hands it to the learn queue; with `wait: true`, waits for
 * it (bounded under the request timeout) and answers its final state.
 */
import type { LearnJob, LearnRequest } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { learnJobs } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { resolveWriteNamespace } from '../namespace-scope.js';
import { type Filters, type JobRow, loadJob, lockKeyOf, toLearnJob } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

export async function startLearnJob(
  rt: LearnRuntime,
  actor: Actor,
  input: LearnRequest,
): Promise<{ status: 200 | 202; job: LearnJob }> {
  const named = actor.namespaceId || input.namespace;
  const filters: Filters = {
    namespace: named ? await resolveWriteNamespace(rt.policies, actor, input.namespace) : null,
    sessionId: input.sessionId ?? null,
    subjectId: input.subjectId ?? null,
    agentId: input.agentId ?? actor.agentId ?? null,
  };
  // With none named, a credential bound to an organization compiles that organization's namespaces only.
  if (!named) {
    const { only } = await rt.policies.unnamedScope(actor, 'write');
    if (only) filters.namespaces = only;
  }
  const options: Record<string, unknown> = {};
  if (input.options.minPatternStrength !== undefined) options.minPatternStrength = input.options.minPatternStrength;
  if (input.options.artifactTypes !== undefined) options.artifactTypes = [...new Set(input.options.artifactTypes)];
  const lockKey = lockKeyOf(actor.tenantId, actor.environment);
  const [row] = await rt.database.db
    .insert(learnJobs)
    .values({
      id: newId('job'),
      tenantId: actor.tenantId,
      environment: actor.environment,
      scopeKey: lockKey,
      scope: input.scope,
      filters,
      options,
      status: 'queued',
      apiKeyId: actor.apiKeyId ?? null,
      requestId: actor.requestId,
    })
    .returning();
  // Redis down: the job is recorded and handed to the queue when Redis returns; no use waiting for it.
  const handed = await rt.queue.enqueue({ id: row!.id, lockKey });
  if (!input.wait || handed === 'deferred') return { status: 202, job: toLearnJob(row!) };
  // Leave room under the server's request timeout to answer.
  const final = await waitForJob(rt, row!.id, Math.max(1000, rt.requestTimeoutMs - 2000));
  const done = final.status === 'completed' || final.status === 'failed';
  return { status: done ? 200 : 202, job: toLearnJob(final) };
}

/** Resolves when the job is completed or failed, or after `timeoutMs` (answers the latest state). */
export async function waitForJob(rt: LearnRuntime, jobId: string, timeoutMs: number): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await loadJob(rt.database.db, jobId);
    if (!row) throw notFound('Learn job');
    // Shutting down: answer the state now, so the request is not what holds the drain up.
    if (row.status === 'completed' || row.status === 'failed' || Date.now() >= deadline || rt.stopping.aborted)
      return row;
    // Woken by this process finishing the job, or polled (another worker may run it).
    await rt.waiters.sleep(jobId, Math.min(250, Math.max(1, deadline - Date.now())));
  }
}
