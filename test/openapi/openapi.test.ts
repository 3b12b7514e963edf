/**
 * The OpenAPI document: valid by a real linter (Redocly, zero errors), complete against the contract
 * (walked, never a hard-coded list), and served by a running server with its offline /docs page.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ERROR_STATUS, type RouteMeta, contract } from '@hx-memory/contract';
import { buildOpenApiDocument, renderReferenceHtml } from '@hx-memory/contract/openapi';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestServer } from '../helpers/index.js';

type Json = Record<string, any>;
interface AppRoute {
  method: string;
  path: string;
  responses: Record<number, unknown>;
  metadata?: unknown;
}

/** Every route of the contract, found by walking it (routes are the objects with method and path). */
function walk(router: object, prefix: string[] = []): { id: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([key, value]) =>
    typeof value.method === 'string' && typeof value.path === 'string'
      ? [{ id: [...prefix, key].join('.'), route: value as AppRoute }]
      : walk(value, [...prefix, key]),
  );
}

const routes = walk(contract);
const doc = buildOpenApiDocument() as unknown as Json;
const toPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationOf = (route: AppRoute): Json | undefined => doc.paths[toPath(route.path)]?.[route.method.toLowerCase()];
const expectedSecurity: Record<RouteMeta['auth'], string[][]> = {
  none: [],
  apiKey: [['apiKey']],
  jwt: [['jwt']],
  any: [['apiKey'], ['jwt']],
  operator: [['operatorToken']],
};

describe('OpenAPI document', () => {
  it('passes the Redocly recommended ruleset with zero errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('the linter does catch a broken document (the check can fail)', async () => {
    const broken = structuredClone(doc);
    const first = Object.values(broken.paths as Json)[0] as Json;
    (Object.values(first)[0] as Json).responses = 'nope';
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: '/x.json', config });
    expect(problems.some((p) => p.severity === 'error')).toBe(true);
  });

  it('holds every contract route, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !operationOf(r.route)).map((r) => `${r.route.method} ${r.route.path}`);
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths as Json).flatMap((item) => Object.keys(item as Json));
    expect(operations.length).toBe(routes.length);
  });

  it.each(routes.map((r) => [r.id, r.route] as const))('%s: operationId, tags, security, errors', (id, route) => {
    const op = operationOf(route) as Json;
    const meta = route.metadata as RouteMeta | undefined;
    expect(meta?.auth, 'route metadata names its auth').toBeDefined();
    expect(op.operationId).toBe(id);
    expect(op.tags).toHaveLength(1);
    expect((doc.tags as Json[]).map((t) => t.name)).toContain(op.tags[0]);
    expect(op.summary).toBeTruthy();
    expect((op.security as Json[]).map((s) => Object.keys(s))).toEqual(expectedSecurity[meta?.auth ?? 'none']);
    expect(op['x-permission']).toBe(meta?.permission);
    if (meta?.permission) expect(op.description).toContain(meta.permission);

    const statuses = Object.keys(route.responses).map(Number);
    expect(Object.keys(op.responses).map(Number).sort()).toEqual(statuses.sort());
    for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
      expect(response.description, `${status} has a description`).toMatch(/\w{2,}/);
      expect(response.headers['X-Request-Id']).toEqual({ $ref: '#/components/headers/X-Request-Id' });
      if (route.path.startsWith('/v1/')) {
        for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          expect(response.headers[h], `${status} ${h}`).toBeDefined();
        }
      }
      const code = Number(status);
      if (code >= 400 && route.path.startsWith('/v1/')) {
        expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        const codes = Object.entries(ERROR_STATUS).filter(([, s]) => s === code);
        for (const [errorCode] of codes) expect(response.description).toContain(errorCode);
        if (code === 429) expect(response.headers['Retry-After']).toBeDefined();
      }
    }
    if (route.path.startsWith('/v1/') && meta?.auth !== 'none') {
      expect(op.responses['401'], 'authenticated routes declare 401').toBeDefined();
    }
    if (route.path.includes(':orgId')) {
      expect((op.parameters as Json[]).some((p) => p.in === 'header' && /x-organization-id/i.test(p.name))).toBe(true);
    }
  });

  it('has unique operation ids and a security scheme for every one named', () => {
    const ids = routes.map((r) => operationOf(r.route)?.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'jwt', 'operatorToken']);
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
      ]),
    );
  });
});

describe('write-openapi script', () => {
  const tempDir = useTempDir('hx-openapi-');
  const run = promisify(execFile);
  const script = join(process.cwd(), 'contract/scripts/write-openapi.ts');
  const tsx = join(process.cwd(), 'node_modules/.bin/tsx');

  it('writes the document and --check fails once the file is stale', async () => {
    const out = join(tempDir(), 'openapi.json');
    await run(tsx, [script, '--out', out]);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.paths).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument().paths)));
    await expect(run(tsx, [script, '--check', '--out', out])).resolves.toBeDefined();
    writeFileSync(out, JSON.stringify({ ...written, paths: {} }));
    await expect(run(tsx, [script, '--check', '--out', out])).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});

describe('served by the server', () => {
  const server = useTestServer();

  it('GET /v1/openapi.json answers the document', async () => {
    const res = await server.http().get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths).sort()).toEqual(Object.keys(doc.paths).sort());
    expect(res.body.info.version).toBe(server.ctx.version);
  });

  it('GET /docs is a self-contained reference of every operation', async () => {
    const res = await server.http().get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.text;
    for (const r of routes) expect(html, r.id).toContain(`>${r.id}<`);
    // Nothing loaded from the network: no external scripts, styles, fonts or images.
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(/i);
    for (const tag of doc.tags as Json[]) expect(html).toContain(`<h2>${tag.name}</h2>`);
  });

  it('renders parameters, bodies and permissions', () => {
    const html = renderReferenceHtml(doc as never);
    const withBody = routes.find(
      (r) => r.route.method === 'POST' && 'body' in r.route && r.route.path.startsWith('/v1/'),
    );
    if (withBody) expect(html).toContain('Request body');
    const withPermission = routes.find((r) => (r.route.metadata as RouteMeta | undefined)?.permission);
    if (withPermission) {
      expect(html).toContain(`permission <code>${(withPermission.route.metadata as RouteMeta).permission}</code>`);
    }
    expect(html).toContain('<code>email</code><span class="req">*</span>');
  });
});
