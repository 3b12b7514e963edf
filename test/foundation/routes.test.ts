/**
 * Every contract route is served, and the routes still answering 501 not_implemented are listed.
 * The list may only shrink: a route missing from test/foundation/not-implemented.json must be
 * implemented, and the file is trimmed as routes land.
 */
import { readFileSync } from 'node:fs';
import { contract } from '@hx-memory/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const allowed: string[] = JSON.parse(readFileSync(new URL('./not-implemented.json', import.meta.url), 'utf8'));

function allRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (r: AppRouter) => {
    for (const v of Object.values(r)) {
      if (isAppRoute(v)) out.push(v);
      else walk(v as AppRouter);
    }
  };
  walk(contract);
  return out;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('contract coverage', () => {
  it('covers the 53 routes of SPEC.md (and the additions)', () => {
    expect(allRoutes().length).toBeGreaterThanOrEqual(53);
  });

  it('serves every contract route (no "No route" 404 for any of them)', async () => {
    for (const route of allRoutes()) {
      const path = route.path.replace(/:([A-Za-z]+)/g, 'x_$1');
      const res = await server.http()[route.method.toLowerCase() as 'get'](path);
      if (res.status === 404)
        expect(res.body.error?.message ?? '', `${route.method} ${route.path}`).not.toMatch(/^No route/);
    }
  });

  it('lists the routes that still answer 501, and the list only shrinks', () => {
    const current = server.notImplemented;
    // Printed so every run shows what is left.
    console.info(`routes answering 501 not_implemented (${current.length}):\n  ${current.join('\n  ') || '(none)'}`);
    const unexpected = current.filter((r) => !allowed.includes(r));
    expect(unexpected, 'routes that answer 501 but are not in not-implemented.json').toEqual([]);
  });
});
