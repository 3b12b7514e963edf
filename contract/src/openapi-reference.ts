/**
 * A self-contained HTML API reference rendered from the OpenAPI document: no CDN, no script bundle,
 * works offline. Operations grouped by tag, with auth, permission, parameters, body and responses.
 */

type Json = Record<string, unknown>;
interface Doc {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, unknown>;
  components?: Json;
  tags?: Array<{ name: string; description?: string }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const esc = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Inline markdown of the descriptions: `code` and **bold** only. */
const md = (value: unknown) =>
  esc(value)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/\n\n/g, '<br>');

const slug = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function resolve(doc: Doc, schema: Json | undefined): Json | undefined {
  const target = schema?.$ref;
  if (typeof target !== 'string') return schema;
  const [, , kind, name] = target.split('/');
  return ((doc.components?.[kind ?? ''] as Json | undefined)?.[name ?? ''] as Json | undefined) ?? schema;
}

/** A short type label: `string (email, ≤ 320)`, `integer 1..100 = 20`, `"a" | "b"`, `object[]`. */
function typeLabel(schema: Json): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return variants.map(typeLabel).join(' | ');
  if (schema.type === 'array') return `${typeLabel((schema.items as Json) ?? {})}[]`;
  const notes: string[] = [];
  if (schema.format) notes.push(String(schema.format));
  const min = schema.minLength ?? schema.minimum ?? schema.minItems;
  const max = schema.maxLength ?? schema.maximum ?? schema.maxItems;
  if (min !== undefined && max !== undefined) notes.push(`${min}..${max}`);
  else if (max !== undefined) notes.push(`≤ ${max}`);
  else if (min !== undefined) notes.push(`≥ ${min}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  const base = String(schema.type ?? (schema.properties ? 'object' : 'any'));
  return `${base}${schema.nullable ? ' | null' : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

/** Nested field rows of a schema; objects and arrays of objects open into their properties. */
function fieldRows(doc: Doc, raw: Json | undefined, depth = 0, seen = new Set<Json>()): string {
  const schema = resolve(doc, raw);
  if (!schema || seen.has(schema) || depth > 8) return '';
  const next = new Set(seen).add(schema);
  const objectOf = (s: Json): Json | undefined => {
    const r = resolve(doc, s);
    if (!r) return undefined;
    if (r.properties) return r;
    if (r.type === 'array') return objectOf((r.items as Json) ?? {});
    const all = r.allOf as Json[] | undefined;
    if (all) {
      const merged = all.map((x) => resolve(doc, x) ?? {});
      return {
        properties: Object.assign({}, ...merged.map((m) => m.properties ?? {})),
        required: merged.flatMap((m) => (m.required as string[]) ?? []),
      };
    }
    return undefined;
  };
  const object = objectOf(schema);
  if (!object) return depth === 0 ? `<tr><td colspan="3"><code>${esc(typeLabel(schema))}</code></td></tr>` : '';
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties as Record<string, Json>) ?? {})
    .map(([name, prop]) => {
      const p = resolve(doc, prop) ?? {};
      const row = `<tr><td style="padding-left:${0.5 + depth * 1.2}rem"><code>${esc(name)}</code>${
        required.has(name) ? '<span class="req">*</span>' : ''
      }</td><td><code>${esc(typeLabel(p))}</code></td><td>${md(p.description)}</td></tr>`;
      return row + fieldRows(doc, p, depth + 1, next);
    })
    .join('');
}

const fieldTable = (doc: Doc, schema: Json | undefined) =>
  `<table class="fields"><thead><tr><th>field</th><th>type</th><th>notes</th></tr></thead><tbody>${fieldRows(
    doc,
    schema,
  )}</tbody></table>`;

function renderParameters(doc: Doc, params: Json[]): string {
  if (params.length === 0) return '';
  const rows = params
    .map((raw) => {
      const p = resolve(doc, raw) ?? {};
      const schema = (p.schema as Json | undefined) ?? {};
      return `<tr><td><code>${esc(p.name)}</code>${p.required ? '<span class="req">*</span>' : ''}</td><td>${esc(
        p.in,
      )}</td><td><code>${esc(typeLabel(schema))}</code></td><td>${md(p.description ?? schema.description)}</td></tr>`;
    })
    .join('');
  return `<h4>Parameters</h4><table class="fields"><thead><tr><th>name</th><th>in</th><th>type</th><th>notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderResponses(doc: Doc, responses: Record<string, Json>): string {
  return Object.entries(responses)
    .map(([status, response]) => {
      const content = response.content as Record<string, { schema?: Json }> | undefined;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      const isErrorRef = (media?.schema?.$ref as string | undefined)?.endsWith('/ErrorEnvelope');
      const body = !media?.schema
        ? ''
        : isErrorRef
          ? '<p class="muted">Error envelope (see <a href="#errors">Errors</a>).</p>'
          : `<p class="muted">${esc(type)}</p>${fieldTable(doc, media.schema)}`;
      const cls = Number(status) < 300 ? 'ok' : Number(status) < 500 ? 'warn' : 'bad';
      return `<details class="response"><summary><span class="status ${cls}">${esc(status)}</span> ${md(
        response.description,
      )}</summary>${body}</details>`;
    })
    .join('');
}

function renderOperation(doc: Doc, path: string, method: string, op: Json): string {
  const security = (op.security as Json[] | undefined) ?? [];
  const auth = security.length ? security.map((s) => Object.keys(s).join(' + ')).join(' or ') : 'none';
  const body = (op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
  const bodySchema = body?.['application/json']?.schema;
  const id = String(op.operationId ?? `${method}-${path}`);
  return `<article class="op" id="${esc(slug(id))}" data-search="${esc(
    `${method} ${path} ${op.summary ?? ''} ${id}`.toLowerCase(),
  )}">
<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p class="summary">${md(op.summary)}</p>
<p class="badges"><span class="badge">operationId <code>${esc(id)}</code></span><span class="badge">auth <b>${esc(
    auth,
  )}</b></span>${op['x-permission'] ? `<span class="badge">permission <code>${esc(op['x-permission'])}</code></span>` : ''}</p>
<p>${md(op.description)}</p>
${renderParameters(doc, (op.parameters as Json[] | undefined) ?? [])}
${bodySchema ? `<h4>Request body</h4>${fieldTable(doc, bodySchema)}` : ''}
<h4>Responses</h4>${renderResponses(doc, (op.responses as Record<string, Json>) ?? {})}
</article>`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,Segoe UI,sans-serif;color:#1d2330}
nav{position:fixed;top:0;bottom:0;left:0;width:17rem;overflow:auto;padding:1rem;background:#f5f6f8;border-right:1px solid #e2e4e8}
nav a{display:block;color:#333;text-decoration:none;padding:.1rem 0;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav a:hover{color:#06c}nav .tag{font-weight:600;margin-top:.8rem;font-size:14px}nav input{width:100%;padding:.35rem;margin-bottom:.5rem}
main{margin-left:17rem;padding:1.5rem 2.5rem;max-width:64rem}h1 small{color:#777;font-size:.5em}
h2{border-bottom:2px solid #e2e4e8;padding-bottom:.3rem;margin-top:2.5rem}.op{border:1px solid #e2e4e8;border-radius:6px;padding:.2rem 1rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:.1rem .4rem;vertical-align:middle}
.get{background:#2563eb}.post{background:#16a34a}.patch,.put{background:#d97706}.delete{background:#dc2626}
.badge{display:inline-block;background:#eef1f5;border-radius:4px;padding:.05rem .45rem;margin:0 .4rem .3rem 0;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:13px;margin:.3rem 0}th,td{text-align:left;border-bottom:1px solid #eceef1;padding:.25rem .5rem;vertical-align:top}
th{color:#555;font-weight:600}.req{color:#dc2626;margin-left:.15rem}.muted{color:#666;font-size:13px;margin:.3rem 0}
.status{display:inline-block;min-width:2.6rem;font-weight:600}.ok{color:#16a34a}.warn{color:#b45309}.bad{color:#dc2626}
details.response{border-top:1px solid #f0f1f3;padding:.2rem 0}summary{cursor:pointer}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
.summary{font-weight:600;margin:.2rem 0}`;

const SCRIPT = `document.getElementById('filter').addEventListener('input',function(e){var q=e.target.value.toLowerCase();
document.querySelectorAll('[data-search]').forEach(function(el){el.style.display=el.getAttribute('data-search').indexOf(q)>=0?'':'none'})});`;

function renderIntro(doc: Doc): string {
  const errorCodes = ((doc.components?.schemas as Json | undefined)?.ErrorEnvelope as Json | undefined)?.properties as
    | Json
    | undefined;
  const codes = (((errorCodes?.error as Json | undefined)?.properties as Json | undefined)?.code as Json | undefined)
    ?.enum as string[] | undefined;
  const schemes = Object.entries((doc.components?.securitySchemes as Record<string, Json> | undefined) ?? {})
    .map(
      ([name, s]) =>
        `<tr><td><code>${esc(name)}</code></td><td>${esc(s.scheme)} ${esc(s.bearerFormat ?? '')}</td><td>${md(s.description)}</td></tr>`,
    )
    .join('');
  return `<section id="overview"><h2>Overview</h2><p>${md(doc.info.description)}</p>
<p>The machine-readable document is at <a href="/v1/openapi.json">/v1/openapi.json</a>.</p>
<h3 id="auth">Authentication</h3><p>Send <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table><thead><tr><th>scheme</th><th>type</th><th>use</th></tr></thead><tbody>${schemes}</tbody></table>
<h3 id="errors">Errors</h3><p>Failed requests answer <code>{"ok": false, "error": {"code", "message", "details"?}}</code>. Codes: ${(
    codes ?? []
  )
    .map((c) => `<code>${esc(c)}</code>`)
    .join(', ')}.</p></section>`;
}

/** The whole reference page as one HTML string. */
export function renderReferenceHtml(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  const navByTag = new Map<string, string[]>();
  for (const tag of doc.tags ?? []) {
    byTag.set(tag.name, []);
    navByTag.set(tag.name, []);
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Json | undefined>)[method];
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0] ?? 'Other';
      const id = slug(String(op.operationId ?? `${method}-${path}`));
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(doc, path, method, op)]);
      navByTag.set(tag, [
        ...(navByTag.get(tag) ?? []),
        `<a href="#${esc(id)}" data-search="${esc(`${method} ${path} ${op.summary ?? ''} ${op.operationId}`.toLowerCase())}"><span class="method ${esc(method)}" style="min-width:3.2rem;font-size:10px">${esc(method.toUpperCase())}</span> ${esc(op.summary ?? path)}</a>`,
      ]);
    }
  }
  const tagDescription = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const sections = [...byTag.entries()]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<section id="tag-${esc(slug(tag))}"><h2>${esc(tag)}</h2><p>${md(tagDescription.get(tag))}</p>${ops.join('\n')}</section>`,
    )
    .join('\n');
  const nav = [...navByTag.entries()]
    .filter(([, links]) => links.length > 0)
    .map(([tag, links]) => `<div class="tag"><a href="#tag-${esc(slug(tag))}">${esc(tag)}</a></div>${links.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><nav><input id="filter" type="search" placeholder="Filter routes" aria-label="Filter routes"><a href="#overview">Overview</a><a href="#auth">Authentication</a><a href="#errors">Errors</a>${nav}</nav>
<main><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>${renderIntro(doc)}${sections}</main>
<script>${SCRIPT}</script></body></html>`;
}
