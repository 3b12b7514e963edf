/**
 * The OpenAPI 3.0 document, generated from the contract: operation ids, tags, security schemes from
 * route metadata, and every error response. Also renders a self-contained HTML reference page.
 */
import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from './index.js';
import type { RouteMeta } from './common.js';

type OpenApiDocument = ReturnType<typeof generateOpenApi>;

const SECURITY: Record<RouteMeta['auth'], Array<Record<string, string[]>>> = {
  none: [],
  apiKey: [{ apiKey: [] }],
  jwt: [{ jwt: [] }],
  any: [{ apiKey: [] }, { jwt: [] }],
  operator: [{ operatorToken: [] }],
};

const TAGS: Record<string, string> = {
  ops: 'Operations',
  auth: 'Account',
  apiKeys: 'API keys',
};

function tagOf(operationId: string): string {
  const area = operationId.split('.')[0] ?? '';
  return TAGS[area] ?? area.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

export function buildOpenApiDocument(opts: { version?: string; serverUrl?: string } = {}): OpenApiDocument {
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: 'Hx Memory API',
        version: opts.version ?? '0.1.0',
        description:
          'Self-hostable memory platform for AI agents. Every response uses the envelope `{ ok, data, meta }` or `{ ok: false, error }`.',
      },
      servers: [{ url: opts.serverUrl ?? '/' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'hx_live_… / hx_test_… API key',
            description: 'API key for the core routes',
          },
          jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from /v1/auth/login' },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN of the deployment' },
        },
      },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) => {
        const id = String(operation.operationId);
        const meta = route.metadata as RouteMeta | undefined;
        const security = SECURITY[meta?.auth ?? 'none'];
        return {
          ...operation,
          tags: [tagOf(id)],
          security,
          ...(meta?.permission ? { 'x-permission': meta.permission } : {}),
        };
      },
    },
  );
  return doc;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A dependency-free HTML reference of the document: operations by tag with their schemas. */
export function renderReferenceHtml(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Record<string, unknown>>)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      const responses = Object.keys((op.responses as object) ?? {}).join(', ');
      const security =
        ((op.security as Record<string, unknown>[] | undefined) ?? [])
          .map((s) => Object.keys(s).join('+'))
          .join(' or ') || 'none';
      const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      const html = `<details><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> — ${escapeHtml(String(op.summary ?? ''))}</summary>
<p>${escapeHtml(String(op.description ?? ''))}</p>
<p><b>operationId</b> <code>${escapeHtml(String(op.operationId))}</code> · <b>auth</b> ${escapeHtml(security)}${op['x-permission'] ? ` · <b>permission</b> <code>${escapeHtml(String(op['x-permission']))}</code>` : ''} · <b>responses</b> ${escapeHtml(responses)}</p>
${body ? `<pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : ''}</details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<section><h2>${escapeHtml(tag)}</h2>${ops.join('\n')}</section>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}details{border-bottom:1px solid #ddd;padding:.4rem 0}pre{background:#f6f6f6;padding:.6rem;overflow:auto}.m{font-weight:bold}.get{color:#06c}.post{color:#080}.patch{color:#a60}.delete{color:#c00}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')} The machine-readable document is at <a href="/v1/openapi.json">/v1/openapi.json</a>.</p>
${sections}</body></html>`;
}
