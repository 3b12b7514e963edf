#!/usr/bin/env node
/** hx: the operator CLI of the Hx memory platform, built on the SDK (and the server for `hx serve`). */
import { Command } from 'commander';
import { registerAccount } from './commands/account.js';
import { registerCore } from './commands/core.js';
import { registerImport } from './commands/import-events.js';
import { registerKeys } from './commands/keys.js';
import { registerMcp } from './commands/mcp.js';
import { registerOrgs } from './commands/orgs.js';
import { registerServe } from './commands/serve.js';
import { registerVault } from './commands/vault.js';
import { registerWorker } from './commands/worker.js';

export function buildProgram(): Command {
  const program = new Command('hx')
    .description('Hx memory platform CLI')
    .version('0.1.0')
    .option('--url <url>', 'server address (HX_URL; default http://localhost:8080)')
    .option('--token <jwt>', 'access token (HX_TOKEN; default: the one saved by `hx login`)')
    .option('--api-key <key>', 'API key for the core commands (HX_API_KEY)')
    .option('--org <orgId>', 'organization of org-scoped commands (HX_ORGANIZATION_ID)')
    .option('--json', 'print JSON instead of tables')
    .showHelpAfterError();
  registerServe(program);
  registerWorker(program);
  registerAccount(program);
  registerKeys(program);
  registerOrgs(program);
  registerCore(program);
  registerImport(program);
  registerVault(program);
  registerMcp(program);
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
