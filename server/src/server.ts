/**
 * Boots the whole server: config -> database (migrated) -> Redis -> services -> HTTP. Also used by
 * the test suites, which start real servers on port 0 and talk HTTP to them.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loadOrCreateSecret } from './auth/secrets.js';
import { createJwtIssuer } from './auth/jwt.js';
import { type Config, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { prepareEmbeddings } from './embeddings/index.js';
import { createApp } from './http/app.js';
import { createExpressServer } from './http/express-server.js';
import { createJobs } from './jobs/index.js';
import { startJobs } from './jobs/start.js';
import { answerClientErrors } from './http/client-error.js';
import { createLogger } from './logger.js';
import { createServices } from './services/index.js';
import { VERSION } from './version.js';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  server: Server;
  close(): Promise<void>;
}

export async function createContext(config: Config): Promise<AppContext> {
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    max: config.DB_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  await migrate(database);
  // Only with EMBEDDINGS_URL: pgvector and the embeddings tables, or a start-up error naming what is missing.
  await prepareEmbeddings(database, config, logger).catch(async (err) => {
    await database.close();
    throw err;
  });
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
    // Serve only once Redis answers (or clearly fails), so the first requests do not see it "down".
    const client = redis;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('ready', done);
        client.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 5000);
      client.once('ready', done);
      client.once('error', done);
    });
  }
  let jwtSecret: Uint8Array;
  if (config.JWT_SECRET) jwtSecret = new TextEncoder().encode(config.JWT_SECRET);
  else {
    const { value, created } = loadOrCreateSecret(config.DATA_DIR, 'jwt-secret');
    if (created && !config.DATA_DIR.startsWith('memory://')) {
      logger.warn('JWT_SECRET is not set: generated one into DATA_DIR/jwt-secret');
    }
    jwtSecret = value;
  }
  const jwt = createJwtIssuer({
    secret: jwtSecret,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ttlSeconds: config.JWT_ACCESS_TTL_SECONDS,
  });
  const jobs = createJobs(config, logger);
  const services = createServices({ config, database, logger, redis, jwt, jobs });
  startJobs(jobs, services, config);
  return {
    config,
    database,
    db: database.db,
    logger,
    redis,
    services,
    jobs,
    version: VERSION,
    startedAt: Date.now(),
  };
}

/**
 * Stops the background jobs (a running learn after its current chunk, bounded by SHUTDOWN_TIMEOUT_MS;
 * the buffers written once more), then releases the services' resources. The database stays open.
 */
export async function stopBackgroundWork(ctx: AppContext): Promise<void> {
  await ctx.jobs.close();
  await ctx.services.shutdown();
}

export async function startServer(overrides: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const config = loadConfig({ ...process.env, ...overrides });
  const ctx = await createContext(config);
  const { app, admission } = createApp(ctx);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createExpressServer(app).listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  server.requestTimeout = config.REQUEST_TIMEOUT_MS;
  answerClientErrors(server);
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;

  /**
   * Drains HTTP: no new connection, no new request (admission answers 503 with Connection: close),
   * every answer closes its connection, idle kept-alive connections are closed as they become idle;
   * in-flight requests finish, and whatever is left at SHUTDOWN_TIMEOUT_MS is cut.
   */
  const drainHttp = () =>
    new Promise<void>((resolve) => {
      admission.drain();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const timer = setTimeout(() => {
        ctx.logger.warn('requests still in flight at SHUTDOWN_TIMEOUT_MS: cutting them');
        server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // HTTP drains while jobs stop after their current chunk; then the database and Redis go.
      await Promise.all([drainHttp(), stopBackgroundWork(ctx)]);
      if (ctx.redis) ctx.redis.disconnect();
      await ctx.database.close();
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, port, ctx, server, close };
}
