/** `hx serve`: runs the Hx server in this process (same config variables as the server). */
import type { Command } from 'commander';
import { withExamples } from '../help.js';
import { reportError } from '../output.js';

export function registerServe(program: Command): void {
  const serve = program
    .command('serve')
    .description('start the Hx server in this process (PORT, HOST, DATA_DIR, DATABASE_URL, ... from the environment)')
    .option('--port <port>', 'port to listen on (default PORT or 8080)')
    .option('--host <host>', 'address to bind (default HOST)')
    .option('--data-dir <dir>', 'where the embedded database lives (default DATA_DIR or ./.data)')
    .action(async (options: { port?: string; host?: string; dataDir?: string }) => {
      const { startServer } = await import('@hx-memory/server');
      const overrides: Record<string, string> = {};
      if (options.port) overrides.PORT = options.port;
      if (options.host) overrides.HOST = options.host;
      if (options.dataDir) overrides.DATA_DIR = options.dataDir;
      let running: Awaited<ReturnType<typeof startServer>>;
      try {
        running = await startServer(overrides);
      } catch (err) {
        // Exit at once: a supervisor (Kubernetes, compose, systemd) restarts a process that is gone,
        // not one that lingers until its database pool's timers run out.
        process.exit(reportError(err));
      }
      process.stdout.write(`Hx listening on ${running.url} (docs: ${running.url}/docs)\n`);
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        process.stdout.write(`Hx server: ${signal}, draining (up to SHUTDOWN_TIMEOUT_MS)\n`);
        // The SIGTERM drain (server/src/server.ts): in-flight requests finish, nothing is cut.
        running.close({ graceful: true }).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
  withExamples(
    serve,
    'hx serve --port 8080 --data-dir ./.data',
    'DATABASE_URL=postgres://hx@db/hx REDIS_URL=redis://cache:6379 hx serve',
    'NODE_OPTIONS=--max-semi-space-size=64 hx serve',
  );
}
