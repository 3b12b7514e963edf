/** `hx migrate`: applies the server's database migrations (DATABASE_URL, else DATA_DIR) and exits. */
import type { Command } from 'commander';
import { action } from '../context.js';
import { withExamples } from '../help.js';
import { print, success } from '../output.js';

export function registerMigrate(program: Command): void {
  const migrate = program
    .command('migrate')
    .description(
      'apply the database migrations without starting the server: PostgreSQL at DATABASE_URL, else the embedded database in DATA_DIR (what `hx serve` does at start)',
    )
    .option('--data-dir <dir>', 'the embedded database folder (default DATA_DIR or ./.data)')
    .action(
      action(async (options: { dataDir?: string }) => {
        const { runMigrations } = await import('@hx-memory/server');
        const report = await runMigrations({
          ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
          LOG_LEVEL: 'silent',
        });
        success(
          `${report.applied} migration(s) applied; ${report.total} in total on ${report.database} (${report.target})`,
        );
        print(report);
      }),
    );
  withExamples(migrate, 'DATABASE_URL=postgres://hx@db:5432/hx hx migrate', 'hx migrate --data-dir ./.data --json');
}
