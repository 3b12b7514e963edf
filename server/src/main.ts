/**
 * Entry point of `node server/dist/main.js` (in an installed package: `hx serve`, or
 * node_modules/@hx-memory/server/dist/main.js): start, print the address, drain on SIGTERM/SIGINT (server.ts, drainHttp). A start that fails
 * (configuration, database, migrations) exits 1 at once.
 */
import { startServer } from './server.js';

const running = await startServer().catch((err: unknown) => {
  process.stderr.write(`Hx server did not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
running.ctx.logger.info(
  { url: running.url, database: running.ctx.database.driver, redis: running.ctx.redis ? 'enabled' : 'disabled' },
  'hx server listening',
);
process.stdout.write(`Hx server listening on ${running.url} (docs: ${running.url}/docs)\n`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.ctx.logger.info({ signal }, 'shutting down');
    // Said on stdout as well (whatever LOG_LEVEL): an operator, and the drain test, see when it began.
    process.stdout.write(`Hx server: ${signal}, draining (up to SHUTDOWN_TIMEOUT_MS)\n`);
    running.close({ graceful: true }).then(
      () => process.exit(0),
      (err) => {
        running.ctx.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
