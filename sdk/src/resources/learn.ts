// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Compile captured events into memories and artifacts, and follow the learn jobs. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  LearnGetJobData,
  LearnGetJobInput,
  LearnJob,
  LearnLearnData,
  LearnLearnInput,
  LearnListJobsData,
  LearnListJobsInput,
} from '../types.js';

/** Compile captured events into memories and artifacts, and follow the learn jobs. */
export class Learn extends APIResource {
  /**
   * Compile memories (start a learn job)
   *
   * Queues a compilation of the scope (namespace, session, subject, agent). 202 with the job while it is
   * queued or running; with wait: true, 200 with the finished job when it ends within the request timeout.
   * Learns of one tenant and environment run one at a time, so two learns of the same scope never run at
   * once. Send an Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per
   * tenant, caller, route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/learn` (API key, scope write)
   */
  learn(input?: LearnLearnInput, options?: RequestOptions): APIPromise<LearnLearnData> {
    return this._request('learn', 'learn', [input, options]);
  }

  /**
   * List learn jobs.
   *
   * Hx addition: the learn jobs of the key's tenant and environment, newest first, optionally of one status.
   * A job is listed where GET /v1/learn/jobs/:id would answer it (its namespaces within the key's reach), so
   * a page may hold fewer than limit jobs; follow pagination.cursor while hasMore.
   *
   * `GET /v1/learn/jobs` (API key, scope read)
   */
  listJobs(input?: LearnListJobsInput, options?: RequestOptions): PagePromise<LearnJob, LearnListJobsData> {
    return this._request('learn', 'listJobs', [input, options]);
  }

  /**
   * Get a learn job.
   *
   * queued -> running -> completed | failed, with its counts and the error when it failed.
   *
   * `GET /v1/learn/jobs/:id` (API key, scope read)
   */
  getJob(input: LearnGetJobInput, options?: RequestOptions): APIPromise<LearnGetJobData> {
    return this._request('learn', 'getJob', [input, options]);
  }
}
