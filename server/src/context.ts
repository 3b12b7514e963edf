/** What the app is built from: configuration, database, services; handed to every HTTP handler. */
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Jobs } from './jobs/index.js';
import type { Logger } from './logger.js';
import type { Services } from './services/index.js';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  redis?: Redis;
  services: Services;
  /** Background work: started once by createContext (jobs/start.ts), stopped by `stopBackgroundWork`. */
  jobs: Jobs;
  version: string;
  startedAt: number;
}
