/**
 * Assertions written from SPEC.md/DESIGN.md alone (no contract types, no SDK): what a third-party
 * client may rely on in every response.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export type Res = { status: number; headers: Record<string, string>; body: any; text: string };

/**
 * SPEC Limits: every response carries X-RateLimit-Limit, -Remaining and -Reset (Unix seconds), on
 * every plan; third-party clients parse them as integers, so integers they are.
 */
export function expectRateLimitHeaders(res: Res) {
  const limit = res.headers['x-ratelimit-limit'];
  const remaining = res.headers['x-ratelimit-remaining'];
  expect(limit, 'X-RateLimit-Limit').toMatch(/^\d+$/);
  expect(remaining, 'X-RateLimit-Remaining').toMatch(/^\d+$/);
  expect(Number(limit), 'X-RateLimit-Limit is positive').toBeGreaterThan(0);
  expect(Number(remaining), 'X-RateLimit-Remaining <= X-RateLimit-Limit').toBeLessThanOrEqual(Number(limit));
  const reset = res.headers['x-ratelimit-reset'];
  expect(reset, 'X-RateLimit-Reset').toMatch(/^\d+$/);
  const now = Date.now() / 1000;
  // A Unix timestamp in seconds (not milliseconds, not a delta).
  expect(Number(reset)).toBeGreaterThan(now - 5);
  expect(Number(reset)).toBeLessThan(now + 24 * 3600 * 32);
}

/** SPEC envelope on success: ok true, data object, meta {requestId, tenantId, durationMs}. */
export function expectOk(res: Res, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body.ok).toBe(true);
  expect(typeof res.body.data).toBe('object');
  expect(res.body.data).not.toBeNull();
  expect(res.body.error).toBeUndefined();
  expect(typeof res.body.meta.requestId).toBe('string');
  expect(res.body.meta.requestId.length).toBeGreaterThan(0);
  expect(typeof res.body.meta.tenantId).toBe('string');
  expect(typeof res.body.meta.durationMs).toBe('number');
  expectRateLimitHeaders(res);
  expectDocumented(res);
  return res.body.data;
}

const STATUS_OF: Record<string, number> = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
};

/** SPEC envelope on error: ok false, error {code, message, details?[{field, message}]}; code <-> status per the table. */
export function expectError(res: Res, code: string, status = STATUS_OF[code]) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body.ok).toBe(false);
  expect(res.body.data).toBeUndefined();
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  if (res.body.error.details !== undefined) {
    expect(Array.isArray(res.body.error.details)).toBe(true);
    for (const d of res.body.error.details) {
      expect(typeof d.field).toBe('string');
      expect(typeof d.message).toBe('string');
    }
  }
  expectRateLimitHeaders(res);
  expectDocumented(res);
  return res.body.error;
}

/** validation_error names the offending fields in details. */
export function expectValidation(res: Res, ...fields: string[]) {
  const error = expectError(res, 'validation_error');
  expect(Array.isArray(error.details)).toBe(true);
  const named = error.details.map((d: { field: string }) => d.field);
  for (const f of fields)
    expect(
      named.some((n: string) => n === f || n.endsWith(`.${f}`) || n.startsWith(`${f}.`) || n.startsWith(`${f}[`)),
      `${f} in ${named}`,
    ).toBe(true);
  return error;
}

/** SPEC pagination: items under a plural key, pagination {hasMore, cursor?, total?} beside it. */
export function expectPage(data: Record<string, unknown>, key: string) {
  expect(Array.isArray(data[key]), `data.${key} is an array`).toBe(true);
  const p = data.pagination as Record<string, unknown>;
  expect(typeof p, 'pagination object').toBe('object');
  expect(typeof p.hasMore).toBe('boolean');
  if (p.hasMore) expect(typeof p.cursor).toBe('string');
  if (p.cursor !== undefined && p.cursor !== null) expect(typeof p.cursor).toBe('string');
  if (p.total !== undefined) expect(typeof p.total).toBe('number');
  return data[key] as any[];
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

// ---------------------------------------------------------------------------------------------
// OpenAPI conformance: every response the suite asserts on must be documented (path, method,
// status) in the published OpenAPI document, and its body must match the documented schema.
// ---------------------------------------------------------------------------------------------

type Schema = any;
let doc: Schema | undefined;
const openapi = () => {
  doc ??= JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
  return doc;
};

function resolve(s: Schema): Schema {
  let out = s;
  while (out?.$ref)
    out = out.$ref
      .split('/')
      .slice(1)
      .reduce((o: Schema, k: string) => o[k], openapi());
  return out;
}

/** A small JSON Schema (OpenAPI 3.0 subset) check; returns the problems found. */
export function schemaProblems(value: unknown, schema: Schema, at = '$'): string[] {
  const s = resolve(schema);
  if (!s || Object.keys(s).length === 0) return [];
  if (value === null) return s.nullable ? [] : s.type || s.properties ? [`${at}: null not allowed`] : [];
  if (s.allOf) return s.allOf.flatMap((x: Schema) => schemaProblems(value, x, at));
  for (const k of ['anyOf', 'oneOf']) {
    if (s[k]) {
      const each = s[k].map((x: Schema) => schemaProblems(value, x, at));
      return each.some((p: string[]) => p.length === 0)
        ? []
        : [`${at}: matches no ${k} branch (${each.map((p: string[]) => p[0]).join(' | ')})`];
    }
  }
  if (s.enum && !s.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`];
  const t = s.type;
  const actual = Array.isArray(value) ? 'array' : typeof value;
  if (t === 'integer') return Number.isInteger(value) ? [] : [`${at}: expected integer, got ${JSON.stringify(value)}`];
  if (t && t !== actual) return [`${at}: expected ${t}, got ${actual}`];
  const problems: string[] = [];
  if (actual === 'array' && s.items) {
    for (const [i, v] of (value as unknown[]).entries()) problems.push(...schemaProblems(v, s.items, `${at}[${i}]`));
  }
  if (actual === 'object' && value) {
    const obj = value as Record<string, unknown>;
    for (const r of s.required ?? []) if (!(r in obj)) problems.push(`${at}.${r}: required but missing`);
    for (const [k, v] of Object.entries(obj)) {
      if (s.properties?.[k]) problems.push(...schemaProblems(v, s.properties[k], `${at}.${k}`));
      else if (s.additionalProperties === false) problems.push(`${at}.${k}: not documented`);
      else if (typeof s.additionalProperties === 'object')
        problems.push(...schemaProblems(v, s.additionalProperties, `${at}.${k}`));
    }
  }
  return problems;
}

function operationFor(method: string, path: string): Schema | undefined {
  for (const [template, ops] of Object.entries(openapi().paths as Record<string, Schema>)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (re.test(path) && ops[method.toLowerCase()]) {
      // Prefer a literal match (e.g. /lineage/graph/{id} over /lineage/{id})
      const literal = Object.keys(openapi().paths).find(
        (t) =>
          t !== template &&
          new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path) &&
          t.split('{').length < template.split('{').length &&
          openapi().paths[t][method.toLowerCase()],
      );
      return (literal ? openapi().paths[literal] : ops)[method.toLowerCase()];
    }
  }
  return undefined;
}

/** The response (status and body) is the one the OpenAPI document gives for this operation. */
export function expectDocumented(res: Res) {
  const req = (res as any).req as { method: string; path: string } | undefined;
  if (!req) return;
  const path = req.path.split('?')[0] as string;
  const op = operationFor(req.method, path);
  if (!op) {
    // Unknown routes answer 404 in the error envelope; nothing to compare with.
    return;
  }
  const documented = op.responses[String(res.status)];
  expect(documented, `${req.method} ${path}: status ${res.status} documented in OpenAPI`).toBeDefined();
  const schema = documented?.content?.['application/json']?.schema;
  if (!schema) return;
  expect(schemaProblems(res.body, schema), `${req.method} ${path} ${res.status} matches its OpenAPI schema`).toEqual(
    [],
  );
}
