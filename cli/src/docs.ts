/**
 * docs/cli.md from the command tree itself: every command's usage, description, arguments, options
 * and examples, in --help order, so the reference cannot drift from the code (a test checks it).
 */
import type { Command, Help } from 'commander';
import { examplesOf } from './help.js';
import { buildProgram } from './program.js';

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const path = (command: Command): string[] => {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names;
};

const anchor = (command: Command) => path(command).join('-');

function visibleSubcommands(help: Help, command: Command): Command[] {
  return help.visibleCommands(command).filter((c) => c.name() !== 'help');
}

function section(help: Help, command: Command, depth: number): string[] {
  const out: string[] = [];
  const full = path(command).join(' ');
  out.push(`${'#'.repeat(Math.min(depth, 4))} ${full}`, '', command.description(), '');
  out.push('```', `${full} ${command.usage()}`.trim(), '```', '');
  const args = help.visibleArguments(command);
  if (args.length) {
    out.push('| argument | description |', '|---|---|');
    for (const a of args) out.push(`| \`${help.argumentTerm(a)}\` | ${escapeCell(help.argumentDescription(a))} |`);
    out.push('');
  }
  const options = help.visibleOptions(command).filter((o) => o.long !== '--help' && o.long !== '--version');
  if (options.length) {
    out.push('| option | description |', '|---|---|');
    for (const o of options) out.push(`| \`${help.optionTerm(o)}\` | ${escapeCell(help.optionDescription(o))} |`);
    out.push('');
  }
  const subcommands = visibleSubcommands(help, command);
  if (subcommands.length && command.parent) {
    out.push(`Subcommands: ${subcommands.map((c) => `[\`${c.name()}\`](#${anchor(c)})`).join(', ')}`, '');
  }
  const examples = examplesOf(command);
  if (examples.length)
    out.push('Examples:', '', '```sh', ...examples.map((e) => (e.startsWith('#') ? e : `$ ${e}`)), '```', '');
  for (const sub of subcommands) out.push(...section(help, sub, depth + 1));
  return out;
}

export function renderCliReference(): string {
  const program = buildProgram();
  const help = program.createHelp();
  const commands = visibleSubcommands(help, program);
  const lines = [
    '# hx CLI reference',
    '',
    '<!-- Generated from the command tree by `pnpm run docs:cli` (cli/scripts/write-docs.ts); do not edit by hand. -->',
    '',
    'Exit codes: 0 success, 1 the operation failed (API, network or data error), 2 usage error (unknown flag, missing',
    'argument, a secret on the command line). With `--json`, results are JSON on stdout and errors a JSON envelope',
    '`{"ok":false,"error":{"code","message",...}}` on stderr. Colours only on a terminal, never with `NO_COLOR` or `--no-color`.',
    '',
    'Environment: `HX_BASE_URL` (or `HX_URL`), `HX_PROFILE`, `HX_ORGANIZATION_ID`, `HX_API_KEY`, `HX_ACCESS_TOKEN` (or `HX_TOKEN`), `HX_OPERATOR_TOKEN`, `HX_PASSWORD`;',
    'profiles live in `~/.config/hx/` (`config.json` and `credentials.json`, mode 0600; `XDG_CONFIG_HOME` respected; `hx` processes running at once take turns writing them and refreshing a session).',
    '',
    '## Commands',
    '',
    ...commands.map((c) => `- [\`hx ${c.name()}\`](#${anchor(c)}): ${escapeCell(c.description())}`),
    '',
    ...section(help, program, 2).slice(0),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
