/**
 * The OpenAPI 3.0 document, generated from the contract: operation ids (`area.route`), tags, security
 * from route metadata, described error responses, and the request-id and rate-limit headers.
 */
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { ERROR_STATUS, type ErrorCode, type RouteMeta } from './common.js';
import { contract } from './index.js';
import { renderReferenceHtml } from './openapi-reference.js';

export { renderReferenceHtml };

export type OpenApiDocument = ReturnType<typeof generateOpenApi>;
type Json = Record<string, unknown>;

/** Security requirement per auth kind: one entry means that scheme, several mean any of them. */
export const SECURITY: Record<RouteMeta['auth'], Array<Record<string, string[]>>> = {
  none: [],
  apiKey: [{ apiKey: [] }],
  jwt: [{ jwt: [] }],
  any: [{ apiKey: [] }, { jwt: [] }],
  operator: [{ operatorToken: [] }],
};

/** Tag name and description per contract area, in the order the reference lists them. */
export const AREA_TAGS: Record<string, { name: string; description: string }> = {
  ops: { name: 'Operations', description: 'Health and Prometheus metrics (outside /v1).' },
  auth: { name: 'Account', description: 'Registration, login, token refresh and logout.' },
  apiKeys: { name: 'API keys', description: 'Create, list and revoke API keys (JWT only).' },
  capture: { name: 'Capture', description: 'Capture events, one at a time or in batches.' },
  learn: { name: 'Learn', description: 'Compile captured events into memories and artifacts (jobs).' },
  synthesize: { name: 'Synthesize', description: 'A prompt-ready context for a query, within a token budget.' },
  artifacts: { name: 'Artifacts', description: 'Compiled artifacts: profiles, summaries, playbooks, patterns.' },
  memories: { name: 'Memories', description: 'Individual memories and forgetting a subject.' },
  store: { name: 'Store', description: 'JSON documents put and read by path and key (e.g. a LangGraph store).' },
  usage: { name: 'Usage', description: 'Usage metrics and the monthly event quota.' },
  organizations: { name: 'Organizations', description: 'Organizations subdivide a tenant (JWT).' },
  teams: { name: 'Teams', description: 'Teams of an organization.' },
  members: { name: 'Members', description: 'Invite members and manage their roles.' },
  agents: { name: 'Agents', description: 'Agent identities.' },
  namespaces: { name: 'Namespaces', description: 'Memory namespaces and their sensitivity.' },
  policies: { name: 'Policies', description: 'Access policies (allow/deny) on namespaces.' },
  audit: { name: 'Audit', description: 'Audit log and memory access log.' },
  lineage: { name: 'Lineage', description: 'Where a memory came from and what it was compiled into.' },
  lifecycle: { name: 'Lifecycle', description: 'Retention, archive and delete policies.' },
  vault: { name: 'Vault', description: 'Encrypted secrets (JWT only); every read is audited.' },
  admin: { name: 'Admin', description: 'Operator routes of the deployment (OPERATOR_TOKEN).' },
};

/** What each error code means, for the response descriptions. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  validation_error: 'The request failed validation; `error.details` names each offending field.',
  unauthorized: 'Missing, expired or invalid credentials.',
  forbidden: 'Authenticated, but lacking the permission this route needs.',
  not_found: 'The resource does not exist or belongs to another tenant.',
  conflict: 'Duplicate resource, or an Idempotency-Key reused with a different body.',
  payload_too_large: 'The body is over the size limit (1 MiB; 10 MiB for capture).',
  rate_limited: 'Too many requests; wait the seconds of the Retry-After header.',
  quota_exceeded: 'The monthly event quota is used up; Retry-After says when it resets.',
  internal_error: 'Unexpected server error; quote the X-Request-Id when reporting it.',
  not_implemented: 'This route is not available on this deployment yet.',
  service_unavailable:
    'The database is unreachable, the server is over its load bounds or shutting down; retry after Retry-After.',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the job is queued or running',
  204: 'No content',
  503: 'Service unavailable',
};

const HEADERS: Record<string, Json> = {
  'X-Request-Id': {
    description:
      'Id of this request (the one sent by the client when valid, else generated); also in `meta.requestId`.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description:
      'Requests allowed per minute for this caller (API key, user, or IP address without credentials; /health and /metrics per IP): always an integer. Plans without a published limit (enterprise) report the deployment’s enforced safety ceiling (UNLIMITED_PLAN_RPM).',
    schema: { type: 'integer', example: 600 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current minute window: always an integer.',
    schema: { type: 'integer', example: 599 },
  },
  'X-RateLimit-Reset': {
    description: 'When the window resets, as a Unix timestamp in seconds.',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Every route of a router with its `area.route` id (the same walk the server and the tests do). */
export function listContractRoutes(router: AppRouter = contract, prefix: string[] = []) {
  const out: { id: string; area: string; route: AppRoute }[] = [];
  for (const [key, value] of Object.entries(router)) {
    const path = [...prefix, key];
    if (isAppRoute(value)) out.push({ id: path.join('.'), area: path[0] ?? key, route: value });
    else out.push(...listContractRoutes(value as AppRouter, path));
  }
  return out;
}

/** OpenAPI path of a ts-rest path: `/v1/artifacts/:id` -> `/v1/artifacts/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function describeErrorStatus(status: number): string {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((c) => ERROR_STATUS[c] === status);
  return codes.map((c) => `\`${c}\`: ${ERROR_DESCRIPTIONS[c]}`).join(' ');
}

function describeAuth(meta: RouteMeta | undefined): string {
  const auth = meta?.auth ?? 'none';
  const text = {
    none: 'No credentials.',
    apiKey: 'API key (`Authorization: Bearer hx_live_…`).',
    jwt: 'JWT access token (`Authorization: Bearer <jwt>`).',
    any: 'API key or JWT access token.',
    operator: 'The deployment’s OPERATOR_TOKEN.',
  }[auth];
  return `**Auth:** ${text}${meta?.permission ? ` **Permission:** \`${meta.permission}\`.` : ''}`;
}

function decorateResponses(responses: Json, route: AppRoute): Json {
  const out: Json = {};
  for (const [statusText, value] of Object.entries(responses)) {
    const status = Number(statusText);
    const response = { ...(value as Json) };
    // Every response, /health and /metrics included, carries the rate-limit headers (docs/api.md, Rate limits).
    const headers: Json = {
      'X-Request-Id': ref('headers', 'X-Request-Id'),
      'X-RateLimit-Limit': ref('headers', 'X-RateLimit-Limit'),
      'X-RateLimit-Remaining': ref('headers', 'X-RateLimit-Remaining'),
      'X-RateLimit-Reset': ref('headers', 'X-RateLimit-Reset'),
    };
    // /health answers 503 with its own health body, not the error envelope.
    const isError =
      status >= 400 &&
      Object.values(ERROR_STATUS).includes(status as never) &&
      !(route.path === '/health' && status === 503);
    if (isError) {
      response.description = describeErrorStatus(status);
      response.content = { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } };
      if (status === 429 || status === 503) headers['Retry-After'] = ref('headers', 'Retry-After');
    } else {
      response.description = SUCCESS_DESCRIPTIONS[status] ?? `HTTP ${status}`;
      const declared = (route.responses as Record<number, unknown>)[status] as { contentType?: string } | undefined;
      if (!response.content && declared?.contentType) {
        response.content = { [declared.contentType]: { schema: { type: 'string' } } };
      }
    }
    response.headers = { ...((response.headers as Json) ?? {}), ...headers };
    out[statusText] = response;
  }
  return out;
}

function organizationHeader(operation: Json, path: string): unknown[] {
  const params = (operation.parameters as Json[] | undefined) ?? [];
  if (!path.includes(':orgId') || params.some((p) => String(p.name).toLowerCase() === 'x-organization-id')) {
    return params;
  }
  return [
    ...params,
    {
      name: 'X-Organization-ID',
      in: 'header',
      required: false,
      description:
        'The organization id; when sent it must equal the orgId path parameter (else 400). The SDK always sends it.',
      schema: { type: 'string' },
    },
  ];
}

/**
 * zod's `z.unknown()`/`z.any()` come out as `{ nullable: true }` without a type, which OpenAPI 3.0
 * forbids; an empty schema already means "any value".
 */
function dropUntypedNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropUntypedNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Json;
  if (object.nullable === true && object.type === undefined && object.$ref === undefined) delete object.nullable;
  for (const value of Object.values(object)) dropUntypedNullable(value);
}

export function buildOpenApiDocument(opts: { version?: string; serverUrl?: string } = {}): OpenApiDocument {
  const areaOf = new Map(listContractRoutes().map((r) => [r.route, r.area]));
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: 'Hx Memory API',
        version: opts.version ?? '0.1.0',
        description: [
          'Self-hostable memory platform for AI agents: capture events, learn memories, synthesize context.',
          'Every JSON response uses the envelope `{ ok: true, data, meta: { requestId, tenantId, durationMs } }` or',
          '`{ ok: false, error: { code, message, details? } }`. Lists answer `{ <items>, pagination: { hasMore, cursor, total? } }`;',
          'pass `cursor` back for the next page. Every response carries X-Request-Id and the integers',
          'X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; 429 carries Retry-After.',
        ].join(' '),
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: opts.serverUrl ?? '/', description: 'This deployment' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hx_live_… / hx_test_… API key',
            description: 'API key for the core routes (capture, learn, synthesize, artifacts, memories, store, usage).',
          },
          jwt: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from POST /v1/auth/login or /v1/auth/register.',
          },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'OPERATOR_TOKEN of the deployment, for the admin routes.',
          },
        },
      },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) => {
        const meta = route.metadata as RouteMeta | undefined;
        const area = areaOf.get(route) ?? String(operation.operationId).split('.')[0] ?? '';
        const operationJson = operation as unknown as Json;
        const description = [operation.description, describeAuth(meta)].filter(Boolean).join('\n\n');
        return {
          ...operation,
          description,
          tags: [AREA_TAGS[area]?.name ?? area],
          security: SECURITY[meta?.auth ?? 'none'],
          parameters: organizationHeader(operationJson, route.path),
          responses: decorateResponses(operation.responses as Json, route),
          ...(meta?.permission ? { 'x-permission': meta.permission } : {}),
          'x-auth': meta?.auth ?? 'none',
        } as typeof operation;
      },
    },
  );
  dropUntypedNullable(doc.paths);
  // Added after generation: passing components.schemas to the generator would replace its own.
  const usedAreas = new Set(listContractRoutes().map((r) => r.area));
  const components = (doc.components ?? {}) as Json;
  doc.components = {
    ...components,
    schemas: {
      ...((components.schemas as Json) ?? {}),
      ErrorEnvelope: {
        type: 'object',
        description: 'The answer of every failed request.',
        properties: {
          ok: { type: 'boolean', enum: [false] },
          error: {
            type: 'object',
            properties: {
              code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'Stable, machine-readable code' },
              message: { type: 'string', description: 'Human-readable; may change' },
              details: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { field: { type: 'string' }, message: { type: 'string' } },
                  required: ['field', 'message'],
                },
              },
            },
            required: ['code', 'message'],
          },
          meta: {
            type: 'object',
            properties: { requestId: { type: 'string' } },
            description: 'Present when the request got far enough to be identified',
          },
        },
        required: ['ok', 'error'],
      },
    },
    headers: HEADERS,
  } as typeof doc.components;
  const tags = Object.entries(AREA_TAGS)
    .filter(([area]) => usedAreas.has(area))
    .map(([, tag]) => ({ name: tag.name, description: tag.description }));
  for (const area of usedAreas) if (!AREA_TAGS[area]) tags.push({ name: area, description: `The ${area} routes.` });
  doc.tags = tags;
  return doc;
}
