/**
 * Types of the published @hx-memory/server package: what `hx serve`, `hx worker` and `hx migrate`
 * call. Written by hand (a declaration build of the whole server takes minutes and fails on its
 * inferred types), kept true by test/release/server-types.check.ts, which the project's type-check
 * compiles against the source. Everything else the package holds is internal.
 */
import type { Server } from 'node:http';

/** Environment-style overrides: the variables of the README's configuration table. */
export type Overrides = Record<string, string | undefined>;

export interface CloseOptions {
  /** Wait for idle kept-alive connections to end on their own instead of closing them (the SIGTERM drain). */
  graceful?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  /** Drains (in-flight requests finish, answers say `Connection: close`) and releases the database and Redis. */
  close(options?: CloseOptions): Promise<void>;
}

export interface WorkerDescription {
  queuePrefix: string;
  queues: string[];
  redis: string;
  database: string;
  lifecycleIntervalMs: number;
  lockMs: number;
}

export interface RunningWorker {
  describe(): WorkerDescription;
  /** Stops taking jobs; running ones stop at a safe point and go back to the queue. */
  close(): Promise<void>;
}

export interface MigrationReport {
  database: 'postgres' | 'pglite';
  target: string;
  applied: number;
  total: number;
}

/** Starts the API server: migrations (under a PostgreSQL advisory lock), then HTTP on PORT/HOST. */
export declare function startServer(overrides?: Overrides): Promise<RunningServer>;
/** Starts a job worker (no HTTP); needs REDIS_URL and DATABASE_URL. */
export declare function startWorker(overrides?: Overrides): Promise<RunningWorker>;
/** Applies the migrations to DATABASE_URL (else the embedded database in DATA_DIR) and reports them. */
export declare function runMigrations(overrides?: Overrides): Promise<MigrationReport>;
