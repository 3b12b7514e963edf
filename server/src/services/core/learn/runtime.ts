/**
 * What the learn operations share, built once by createLearnService (learn.ts) and handed to each
 * operation as its first argument.
 */
import type { MemoryCompiler } from '../../../compiler/index.js';
import type { Database } from '../../../db/client.js';
import type { SearchMaintenance } from '../../../db/search-maintenance.js';
import type { JobQueue } from '../../../jobs/index.js';
import type { Logger } from '../../../logger.js';
import type { NamespaceAccessChecker } from '../namespace-scope.js';
import type { JobWaiters } from './job-waiters.js';

export interface LearnRuntime {
  database: Database;
  logger: Logger;
  compiler: MemoryCompiler;
  /** The learn queue's producer side; jobs/start.ts registers runJob as its handler. */
  queue: JobQueue;
  /** Aborted when the process shuts down: no new job is taken, a running one stops between chunks. */
  stopping: AbortSignal;
  maintenance: SearchMaintenance;
  waiters: JobWaiters;
  policies: NamespaceAccessChecker;
  /** The server's request timeout: a `wait: true` answers before it. */
  requestTimeoutMs: number;
}
