/**
 * Boots the whole server: config -> database (migrated) -> Redis -> services -> HTTP. Also used by
 * the test suites, which start real servers on port 0 and talk HTTP to them.
 */
import type { Server } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';
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
import { tuneGarbageCollector } from './gc-tuning.js';
import { createLogger } from './logger.js';
import { createServices } from './services/index.js';
import { VERSION } from './version.js';

/** net.Server's close: stops listening and calls back once every connection has ended, closing none. */
const netServerClose = NetServer.prototype.close as (this: Server, cb: () => void) => Server;

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  server: Server;
  /** Drains and stops (see drainHttp); `graceful` is the SIGTERM drain of a production process. */
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** Wait for idle kept-alive connections to end on their own instead of closing them (see drainHttp). */
  graceful?: boolean;
}

export async function createContext(config: Config): Promise<AppContext> {
  tuneGarbageCollector(config);
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    max: config.DB_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  // A process that cannot migrate (database refused, another process's migration stuck) must exit at
  // once: its open pool would otherwise keep a failed `hx serve` or `hx worker` alive until idle.
  await migrate(database).catch(async (err) => {
    await database.close();
    throw err;
  });
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
   * Drains HTTP. In both modes nothing new is started (a request arriving on a kept-alive connection is
   * answered 503 with Retry-After and `Connection: close` by admission; the listening socket closes at
   * once, so new connections are refused and a load balancer or the SDK retries elsewhere), requests in
   * flight finish and their answers carry `Connection: close`, and what is still open at
   * SHUTDOWN_TIMEOUT_MS is cut (logged).
   *
   * Idle kept-alive connections differ:
   * - graceful (SIGTERM: main.ts, `hx serve`): the server never closes one. A client may be writing
   *   its next request on it at that very moment and would see ECONNRESET for a request nobody
   *   answered (Node's `server.close()` does exactly that since Node 19, hence net's own close here).
   *   Each ends on its own: its next request gets the 503 + close, or the client drops it after the
   *   `Keep-Alive: timeout` it was told, or the server's keepAliveTimeout (5 s) closes it as always.
   * - quick (the default of `close()`, for tests and embedding): idle connections are closed at once
   *   and as they become idle, so a test suite does not wait out its clients' keep-alive timers.
   */
  const drainHttp = (graceful: boolean) =>
    new Promise<void>((resolve) => {
      admission.drain();
      const sweep = graceful ? undefined : setInterval(() => server.closeIdleConnections(), 50);
      const timer = setTimeout(() => {
        ctx.logger.warn('connections still open at SHUTDOWN_TIMEOUT_MS: cutting them');
        server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      const done = () => {
        clearInterval(sweep);
        clearTimeout(timer);
        resolve();
      };
      if (!graceful) {
        server.close(done);
        return;
      }
      netServerClose.call(server, () => {
        // What http's own close would have stopped: the (unref'd) timer that checks request timeouts.
        const checking = Object.getOwnPropertySymbols(server).find(
          (s) => s.description === 'http.server.connectionsCheckingInterval',
        );
        if (checking) clearInterval((server as unknown as Record<symbol, NodeJS.Timeout>)[checking]);
        done();
      });
    });

  let closing: Promise<void> | undefined;
  const close = (options: CloseOptions = {}) => {
    closing ??= (async () => {
      // HTTP drains while jobs stop after their current chunk; then the database and Redis go.
      await Promise.all([drainHttp(options.graceful === true), stopBackgroundWork(ctx)]);
      if (ctx.redis) ctx.redis.disconnect();
      await ctx.database.close();
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, port, ctx, server, close };
}
