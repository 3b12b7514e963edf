/**
 * The `hx` command tree: global options, output and exit-code conventions, and every command module
 * of commands/index.ts. Built without running, so docs/cli.md can be generated from it.
 */
import { Command, CommanderError } from 'commander';
import { commandModules } from './commands/index.js';
import { EXIT_OK, EXIT_USAGE } from './errors.js';
import { withExamples } from './help.js';
import { refuseSecretOption } from './input.js';
import { colors, isJson, reportError, setOutputMode } from './output.js';
import { VERSION } from './version.js';

export function buildProgram(): Command {
  const program = new Command('hx')
    .description('Hx memory platform CLI: capture, learn, synthesize, and run and administer a deployment')
    .version(VERSION, '-V, --version')
    .option('--url <url>', 'server address (HX_BASE_URL or HX_URL; default: the profile’s, else http://localhost:8080)')
    .option('-p, --profile <name>', 'saved profile to use (HX_PROFILE; default: `hx profiles use`, else "default")')
    .option('--org <orgId>', 'organization of org-scoped commands (HX_ORGANIZATION_ID; default: `hx orgs use`)')
    .option('--json', 'print results as JSON on stdout, errors as a JSON envelope on stderr')
    .option('--no-color', 'no ANSI colours (also NO_COLOR, or when the output is not a terminal)')
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      // With --json the error is written once, as an envelope, by run(): nothing else on stderr.
      writeErr: (text) => {
        if (!isJson()) process.stderr.write(text);
      },
      outputError: (text, write) => write(colors(process.stderr).red(text)),
    })
    .hook('preAction', (_root, actionCommand) => {
      const o = actionCommand.optsWithGlobals() as { json?: boolean; color?: boolean };
      setOutputMode({ json: !!o.json, color: o.color !== false });
    });
  refuseSecretOption(program, '--token <jwt>', 'set HX_ACCESS_TOKEN or run `hx login`');
  refuseSecretOption(program, '--api-key <key>', 'set HX_API_KEY or run `hx login --with-api-key`');
  withExamples(
    program,
    'hx login --email ops@example.com',
    'hx --profile staging orgs list',
    'echo "I deploy with blue-green releases" | hx capture --session s1',
    'hx synthesize "How do I deploy?" --json',
  );
  for (const register of commandModules) register(program);
  return program;
}

/** Parses argv, runs the command, and answers the exit code (0 ok, 1 error, 2 usage). */
export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help, --version, and a command group called without a subcommand (its help) are not errors.
      if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(err.code)) return EXIT_OK;
      if (isJson()) {
        const message = err.message.replace(/^error: /, '');
        process.stderr.write(`${JSON.stringify({ ok: false, error: { code: 'usage_error', message } }, null, 2)}\n`);
      }
      return EXIT_USAGE;
    }
    return reportError(err);
  }
}
