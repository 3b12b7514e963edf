/** Runs examples/quickstart.ts against a test server, in-process and as a script, as a newcomer would. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { quickstart } from '../../examples/quickstart.js';
import { useTestServer } from '../helpers/server.js';

const server = useTestServer({}, { timeout: 600_000 });

describe('examples/quickstart.ts', () => {
  it('registers, creates a key, captures, learns and synthesizes', async () => {
    const { job, pack, artifacts } = await quickstart(server.url);
    expect(job.jobId).toMatch(/^job_/);
    expect(job.status).toBe('completed');
    expect(pack.context.length).toBeGreaterThan(0);
    expect(pack.entries.length).toBeGreaterThan(0);
    expect(pack.budget.used).toBeLessThanOrEqual(pack.budget.limit);
    expect(JSON.stringify(pack.entries)).toMatch(/French|français|postgres|npm test/i);
    expect(Array.isArray(artifacts)).toBe(true);
  }, 120_000);

  it('runs as a script with HX_BASE_URL', async () => {
    const run = promisify(execFile);
    const root = process.cwd();
    const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [join(root, 'examples/quickstart.ts')], {
      env: { PATH: process.env.PATH ?? '', HX_BASE_URL: server.url },
      timeout: 120_000,
    });
    expect(stdout).toMatch(/learn job job_\S+: completed/);
    expect(stdout).toMatch(/context \(\d+\/\d+ tokens\)/);
  }, 150_000);
});
