/**
 * The console's files as the server serves them (server/src/http/console.ts): redirects, the relative
 * base for deep links and proxy prefixes, the strict CSP, caching and precompressed assets, and an
 * API that starts without a built console. Uses a small stand-in build in a temporary folder, so it
 * runs without `vite build`; the real build is exercised by test/console/browser.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const SCRIPT = 'console.log("hx console")\n'.repeat(50);

// Each fake build is its own folder, removed after the file's last test.
const freshDir = useTempDirs('hx-console-');

function fakeBuild(): string {
  const dir = freshDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

function cspDirectives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name ?? '', values.join(' ')] as const;
      }),
  );
}

describe('the console at /console', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CONSOLE_DIR: fakeBuild() });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('redirects /console to /console/ with a relative Location (kept under a proxy prefix)', async () => {
    const res = await server.http().get('/console?x=1');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('console/?x=1');
  });

  it('serves the app with a strict CSP: no inline script, no eval, no framing', async () => {
    const res = await server.http().get('/console/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toContain('<base href="./">');
    expect(res.text).toContain('<meta name="hx-api-root" content="../">');
    expect(res.text).toContain('src="./assets/app-abc123.js"');
  });

  it('answers deep links with the app and a base that leads back to the console root', async () => {
    const one = await server.http().get('/console/memories');
    expect(one.status).toBe(200);
    expect(one.text).toContain('<base href="./">');
    const two = await server.http().get('/console/memories/mem_123?ns=a');
    expect(two.status).toBe(200);
    expect(two.text).toContain('<base href="../">');
    const three = await server.http().get('/console/govern/policies/simulate');
    expect(three.text).toContain('<base href="../../">');
    expect(three.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets for a year, gzip when accepted, and 404 for files not in the build', async () => {
    const gz = await server.http().get('/console/assets/app-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-type']).toContain('text/javascript');
    expect(gz.text).toBe(SCRIPT);
    const plain = await server.http().get('/console/assets/app-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
    const icon = await server.http().get('/console/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const missing = await server.http().get('/console/assets/app-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const traversal = await server.http().get('/console/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(404);
  });

  it('leaves the API as it was', async () => {
    const health = await server.http().get('/health');
    expect(health.status).toBe(200);
    expect(health.headers['content-security-policy']).toBeUndefined();
  });
});

describe('console configuration', () => {
  it('mounts at CONSOLE_PATH, with the API root as many steps up as the path is deep', async () => {
    const server = await startTestServer({ CONSOLE_DIR: fakeBuild(), CONSOLE_PATH: '/admin/ui' });
    try {
      const res = await server.http().get('/admin/ui/');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<meta name="hx-api-root" content="../../">');
      expect((await server.http().get('/console/')).status).toBe(404);
    } finally {
      await server.close();
    }
    // Starting a second server is the slow part on a busy machine.
  }, 180_000);

  it('refuses a CONSOLE_PATH that is not a path', async () => {
    await expect(startTestServer({ CONSOLE_PATH: 'console/' })).rejects.toThrow(/CONSOLE_PATH/);
  });
});
