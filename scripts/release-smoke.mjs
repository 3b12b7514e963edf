/**
 * The release smoke test's checks, run by scripts/release-smoke.sh inside a directory where the five
 * release tarballs were installed with npm (no source tree, no workspace): with the `node` first on
 * PATH (20, 22 or 24), it does what the docs tell a user to do and fails loudly on the first miss:
 * `npx hx --help`; `npx hx serve` on the embedded database; the quickstart with the installed SDK (ESM)
 * and `require` of it (CommonJS); `npx hx mcp`'s MCP initialize handshake and tools/list; `hx migrate`;
 * and SIGTERM, after which the server exits 0.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const dir = process.cwd();
const started = Date.now();
const log = (line) =>
  process.stdout.write(`[smoke ${process.version} +${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
const fail = (message) => {
  process.stderr.write(`release smoke FAILED (${process.version}): ${message}\n`);
  process.exit(1);
};
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const npx = (args, opts = {}) =>
  execFileSync('npx', ['--no-install', ...args], { cwd: dir, encoding: 'utf8', ...opts });

// 1. The CLI answers.
const help = npx(['hx', '--help']);
if (!/Usage: hx/.test(help) || !/serve/.test(help) || !/mcp/.test(help)) fail(`hx --help said:\n${help}`);
log('npx hx --help: ok');

// 2. hx migrate on a fresh embedded database applies every migration (the server's start then finds none).
// Inside the smoke's own directory, which release-smoke.sh removes when it ends (not left in /tmp).
const dataDir = mkdtempSync(path.join(dir, 'hx-smoke-data-'));
const migrated = JSON.parse(npx(['hx', 'migrate', '--data-dir', dataDir, '--json']));
if (!(migrated.applied > 0 && migrated.applied === migrated.total)) fail(`hx migrate: ${JSON.stringify(migrated)}`);
log(`npx hx migrate: ${migrated.applied} of ${migrated.total} applied`);

// 3. The server from the installed package: its bin, as an image or a process manager starts it
// (npx does not pass SIGTERM on to the program it runs).
const port = await freePort();
const server = spawn(
  path.join(dir, 'node_modules/.bin/hx'),
  ['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
  {
    cwd: dir,
    env: { ...process.env, JWT_SECRET: 'release-smoke-jwt-secret-0123456789abcdef', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
// Never leave a server behind, whatever fails.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
let serverOut = '';
server.stdout.on('data', (d) => (serverOut += d));
server.stderr.on('data', (d) => (serverOut += d));
const serverExit = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
const baseUrl = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (serverOut.includes('Hx listening on')) break;
  if (server.exitCode !== null || i > 3000) fail(`hx serve did not start:\n${serverOut}`);
  await new Promise((r) => setTimeout(r, 100));
}
log(`npx hx serve: listening on ${baseUrl}`);

try {
  // 4. The quickstart (docs/quickstart.md 2a) with the installed SDK.
  writeFileSync(
    path.join(dir, 'try.mjs'),
    `import { Hx } from '@hx-memory/sdk';
const baseUrl = process.env.HX_BASE_URL;
const anonymous = new Hx({ baseUrl });
const { tokens } = await anonymous.auth.register({ email: \`me-\${Date.now()}@example.com\`, password: 'a-long-password', name: 'Me' });
const account = anonymous.withOptions({ accessToken: tokens.accessToken });
const { key } = await account.apiKeys.create({ name: 'quickstart', environment: 'test' });
const hx = new Hx({ baseUrl, apiKey: key });
await hx.capture({ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I moved to Berlin last week.' } });
await hx.captureBatch([{ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I prefer short answers, in German.' } }]);
const job = await hx.learn({ wait: true });
const pack = await hx.synthesize('Where does the user live and how should I answer?', { maxTokens: 500 });
console.log(JSON.stringify({ key, status: job.status, context: pack.context }));
`,
  );
  const quick = JSON.parse(
    execFileSync(process.execPath, ['try.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, HX_BASE_URL: baseUrl },
    })
      .trim()
      .split('\n')
      .pop(),
  );
  if (quick.status !== 'completed' || !/Berlin/.test(quick.context)) fail(`quickstart: ${JSON.stringify(quick)}`);
  log('quickstart with the installed SDK (ESM): learn completed, the context names Berlin');
  const cjs = execFileSync(
    process.execPath,
    ['-e', "const { Hx } = require('@hx-memory/sdk'); console.log(typeof Hx)"],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  ).trim();
  if (cjs !== 'function') fail(`require('@hx-memory/sdk') gave ${cjs}`);
  log("require('@hx-memory/sdk'): ok");

  // 5. hx mcp: the MCP initialize handshake over stdio, then tools/list.
  const mcp = spawn('npx', ['--no-install', 'hx', 'mcp'], {
    cwd: dir,
    env: { ...process.env, HX_API_KEY: quick.key, HX_BASE_URL: baseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let mcpOut = '';
  let mcpErr = '';
  mcp.stderr.on('data', (d) => (mcpErr += d));
  const answers = new Map();
  mcp.stdout.on('data', (d) => {
    mcpOut += d;
    let nl = mcpOut.indexOf('\n');
    while (nl >= 0) {
      const line = mcpOut.slice(0, nl).trim();
      mcpOut = mcpOut.slice(nl + 1);
      if (line) {
        const msg = JSON.parse(line);
        if (msg.id !== undefined) answers.set(msg.id, msg);
      }
      nl = mcpOut.indexOf('\n');
    }
  });
  const ask = async (id, method, params) => {
    mcp.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    for (let i = 0; !answers.has(id); i++) {
      if (mcp.exitCode !== null || i > 1200) fail(`hx mcp: no answer to ${method}:\n${mcpErr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return answers.get(id);
  };
  const init = await ask(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'release-smoke', version: '1.0.0' },
  });
  if (init.result?.serverInfo?.name !== 'hx') fail(`hx mcp initialize: ${JSON.stringify(init)}`);
  mcp.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const tools = await ask(2, 'tools/list', {});
  const names = (tools.result?.tools ?? []).map((t) => t.name);
  if (names.length === 0) fail(`hx mcp tools/list: ${JSON.stringify(tools)}`);
  // Closing stdin ends an MCP stdio server (its client went away).
  mcp.stdin.end();
  const mcpExit = await Promise.race([
    new Promise((resolve) => mcp.once('exit', (code) => resolve(code))),
    new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
  ]);
  if (mcpExit === 'still running') {
    mcp.kill('SIGKILL');
    fail('hx mcp kept running after its stdin closed');
  }
  log(
    `npx hx mcp: initialize answered by ${init.result.serverInfo.name} ${init.result.serverInfo.version}, ${names.length} tools`,
  );
} finally {
  // 6. SIGTERM drains and exits 0.
  server.kill('SIGTERM');
}
const exit = await serverExit;
if (exit.code !== 0) fail(`hx serve exited ${JSON.stringify(exit)} after SIGTERM:\n${serverOut}`);
log('SIGTERM: hx serve drained and exited 0');
