/**
 * Every contract route is served by a handler: none falls through to the "No route" 404, and none
 * answers 501 not_implemented (the router is complete by type: server/src/http/router.ts).
 */
import { contract } from '@hx-memory/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/index.js';

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

const server = useTestServer();

describe('contract coverage', () => {
  it('covers the 53 routes of SPEC.md (and the additions)', () => {
    expect(allRoutes().length).toBeGreaterThanOrEqual(53);
  });

  it('serves every contract route (no "No route" 404 and no 501 for any of them)', async () => {
    for (const route of allRoutes()) {
      const path = route.path.replace(/:([A-Za-z]+)/g, 'x_$1');
      const res = await server.http()[route.method.toLowerCase() as 'get'](path);
      const name = `${route.method} ${route.path}`;
      expect(res.status, name).not.toBe(501);
      expect(res.body.error?.code, name).not.toBe('not_implemented');
      if (res.status === 404) expect(res.body.error?.message ?? '', name).not.toMatch(/^No route/);
    }
  });
});
