/** `hx serve`: runs the Hx server in this process (same config variables as the server). */
import type { Command } from 'commander';
import { withExamples } from '../help.js';

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
      const running = await startServer(overrides);
      process.stdout.write(`Hx listening on ${running.url} (docs: ${running.url}/docs)\n`);
      const stop = () => {
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  withExamples(
    serve,
    'hx serve --port 8080 --data-dir ./.data',
    'DATABASE_URL=postgres://hx@db/hx REDIS_URL=redis://cache:6379 hx serve',
    'NODE_OPTIONS=--max-semi-space-size=64 hx serve',
  );
}
