/** Public surface of the server package, for the CLI's `serve`, tests and benchmarks. */
export { loadConfig, type Config } from './config.js';
export { createApp } from './http/app.js';
export { createContext, startServer, type RunningServer } from './server.js';
export { loadWorkerConfig, startWorker, type RunningWorker, type WorkerDescription } from './worker.js';
export { runMigrations, type MigrationReport } from './db/run-migrations.js';
