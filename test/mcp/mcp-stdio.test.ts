/**
 * `hx mcp` over stdio with the MCP SDK's client spawning the CLI: the memory loop, configuration by
 * HX_BASE_URL / HX_API_KEY, a clear refusal without a key, and API errors as tool errors.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newTenant, useTempDir, useTestServer } from '../helpers/index.js';
import { hxCommand } from '../cli/run-hx.js';
import { callError, exerciseMemoryLoop, newClient, stdioTransport, TOOL_NAMES } from './mcp-client.js';

const server = useTestServer();
const home = useTempDir('hx-mcp-');

// Each test spawns the CLI (test/cli/run-hx.ts), which takes seconds on a busy machine.
const SPAWN_TIMEOUT = { timeout: 120_000 };

const baseEnv = () => ({ HOME: home(), XDG_CONFIG_HOME: join(home(), 'config') });

describe('hx mcp (stdio)', () => {
  it(
    'serves the tools and passes the memory loop, configured by HX_BASE_URL and HX_API_KEY',
    SPAWN_TIMEOUT,
    async () => {
      const { apiKey } = await newTenant(server, 'mcp-stdio');
      const client = newClient();
      await client.connect(stdioTransport({ ...baseEnv(), HX_BASE_URL: server.url, HX_API_KEY: apiKey }));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
      await exerciseMemoryLoop(client, 'stdio');
      await client.close();
    },
  );

  it('answers an unreachable server and an invalid key as tool errors', SPAWN_TIMEOUT, async () => {
    const unreachable = newClient();
    await unreachable.connect(
      stdioTransport({
        ...baseEnv(),
        HX_URL: 'http://127.0.0.1:1',
        HX_API_KEY: 'hx_live_x',
        HX_MCP_TIMEOUT_MS: '5000',
      }),
    );
    expect(await callError(unreachable, 'recall', { query: 'anything' })).toMatch(
      /^Error (connection_error|timeout): /,
    );
    await unreachable.close();

    const wrong = newClient();
    await wrong.connect(
      stdioTransport({
        ...baseEnv(),
        HX_URL: server.url,
        HX_API_KEY: 'hx_live_notarealkey000000000000000000000000000000',
      }),
    );
    expect(await callError(wrong, 'remember', { text: 'hello' })).toMatch(/^Error unauthorized: API key is invalid/);
    await wrong.close();
  });

  it('refuses to start without an API key, saying how to give one', SPAWN_TIMEOUT, async () => {
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const [command, args] = hxCommand(['mcp']);
      execFile(
        command,
        args,
        { env: { PATH: process.env.PATH ?? '', ...baseEnv(), HX_URL: server.url }, timeout: 60_000 },
        (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('hx mcp needs an API key: set HX_API_KEY');
  });
});
