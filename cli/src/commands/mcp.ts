/**
 * `hx mcp`: Hx memory served to an MCP client (Claude Desktop, Claude Code, Cursor, VS Code) over
 * stdio. The tools call the API with the configured key, so its scopes and policies apply as to any
 * client. stdout carries JSON-RPC only: every message of ours goes to stderr.
 */
import { Hx } from '@hx-memory/sdk';
import type { Command } from 'commander';
import { globalOptions, resolveSettings } from '../context.js';
import { withExamples } from '../help.js';

const DEFAULT_TIMEOUT_MS = 25_000;

export function registerMcp(program: Command): void {
  const mcp = program
    .command('mcp')
    .description('serve Hx memory to an MCP client over stdio (needs an API key; see docs/mcp.md)')
    .option(
      '--timeout <ms>',
      `time limit of one tool call in milliseconds (HX_MCP_TIMEOUT_MS; default ${DEFAULT_TIMEOUT_MS})`,
    )
    .action(async (options: { timeout?: string }, command: Command) => {
      const global = globalOptions(command);
      // HX_BASE_URL is accepted beside HX_URL: MCP client configurations commonly use that name.
      const settings = resolveSettings({ ...global, url: global.url ?? process.env.HX_BASE_URL });
      if (!settings.apiKey) {
        throw new Error(
          'hx mcp needs an API key: set HX_API_KEY, or save one with `hx keys create --save` or `hx login --with-api-key`',
        );
      }
      const timeoutMs = Number(options.timeout ?? process.env.HX_MCP_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
      if (!Number.isInteger(timeoutMs) || timeoutMs < 1000) {
        throw new Error('--timeout (HX_MCP_TIMEOUT_MS) must be a whole number of milliseconds, at least 1000');
      }
      const hx = new Hx({ baseUrl: settings.url, apiKey: settings.apiKey, timeout: timeoutMs });
      // Loaded here, not at the top: the MCP SDK costs every other `hx` command ~0.3 s of start-up.
      const { serveStdio } = await import('@hx-memory/mcp');
      await serveStdio({ hx, limits: { timeoutMs }, version: program.version() });
      process.stderr.write(`hx mcp: serving ${settings.url} over stdio\n`);
    });
  withExamples(mcp, 'HX_API_KEY=hx_live_... hx mcp', 'hx --profile support mcp --timeout 30000');
}
