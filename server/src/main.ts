/** Entry point of `node server/dist/main.js`: start, print the address, shut down gracefully. */
import { startServer } from './server.js';

const running = await startServer();
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
    running.close().then(
      () => process.exit(0),
      (err) => {
        running.ctx.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
