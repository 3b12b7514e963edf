/**
 * Code and docs generated from the contract and the SDK's own source:
 * - renderResources(): one class per contract area in src/resources/, each route a declared method
 *   whose doc comment is the route's summary, description, method, path and credential, so an
 *   editor shows it (nothing is attached at run time);
 * - renderSdkReference(): docs/sdk.md, read from the client's and the resources' doc comments;
 * - renderLeanTypes() (lean-types.ts): src/types.ts, the plain types the resources are typed with.
 * scripts/write.ts writes them all; test/sdk/generated.test.ts fails when either is not current.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppRoute } from '@ts-rest/core';
import ts from 'typescript';
import { type RouteMeta, contract } from '../../contract/src/index.js';
import { renderLeanTypes } from './lean-types.js';

export const sdkRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What each area is for: the first line of its resource file and of its section in docs/sdk.md. */
const AREA_DOCS: Record<string, string> = {
  ops: 'Health and metrics of the deployment.',
  auth: 'Registration, login, token refresh, logout and the current user.',
  apiKeys: 'API keys of the tenant (JWT): list, create (the key is shown once), revoke.',
  admin: 'Operator routes of the deployment (OPERATOR_TOKEN).',
  capture: 'Capture events, one at a time or in batches; secrets in payloads are moved to the vault.',
  learn: 'Compile captured events into memories and artifacts, and follow the learn jobs.',
  synthesize: 'Synthesize a prompt-ready context for a query, within a token budget.',
  artifacts: 'Compiled artifacts: list (cursor-paginated, async-iterable) and get.',
  memories: 'Individual memories, and forgetting everything about a subject.',
  store: 'Items put and read by path and key (a LangGraph store is one): put, get, delete, search, list paths.',
  usage: 'Usage metrics and the monthly event quota.',
  organizations: 'Organizations of the tenant.',
  teams: "Teams of an organization; orgId defaults to the client's organizationId.",
  members: 'Members of an organization: invite, list, change role, remove.',
  agents: 'Agent identities of an organization.',
  namespaces: 'Memory namespaces of an organization.',
  policies: 'Access policies (allow/deny) of an organization.',
  audit: 'Audit log and memory access log of an organization (cursor-paginated).',
  lineage: 'Where a memory came from and what it was compiled into.',
  lifecycle: 'Retention, archive and delete policies of an organization.',
  vault: 'Encrypted secrets (JWT only): vaults, items, reveal and the vault audit log.',
};

const CREDENTIAL: Record<string, string> = {
  none: 'no credential',
  apiKey: 'API key',
  jwt: 'access token (JWT)',
  any: 'API key or access token',
  operator: 'operator token',
};

export const fileOf = (area: string) => area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const classOf = (area: string) => area[0]?.toUpperCase() + area.slice(1);

/** Words wrapped to `width` columns, each line prefixed. */
function wrap(text: string, prefix: string, width = 110): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix.length + line.length + 1 + word.length > width) {
      lines.push(prefix + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(prefix + line);
  return lines;
}

const sentence = (s: string) => (/[.!?)]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The doc comment of one route's method. */
function routeDoc(route: AppRoute): string[] {
  const meta = route.metadata as RouteMeta | undefined;
  const credential = [
    meta ? CREDENTIAL[meta.auth] : undefined,
    meta?.scope ? `scope ${meta.scope}` : undefined,
    meta?.permission ? `permission ${meta.permission}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const parts = [sentence(route.summary ?? ''), route.description ? sentence(route.description) : undefined];
  const lines: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (lines.length) lines.push('   *');
    lines.push(...wrap(part.replace(/\*\//g, '*\\/'), '   * '));
  }
  lines.push('   *', `   * \`${route.method} ${route.path}\`${credential ? ` (${credential})` : ''}`);
  return ['  /**', ...lines, '   */'];
}

/** One method's declaration, wrapped as the formatter does past 120 columns. */
function methodLines(name: string, params: string[], result: string): string[] {
  const line = `  ${name}(${params.join(', ')}): ${result} {`;
  if (line.length <= 120) return [line];
  return [`  ${name}(`, ...params.map((p) => `    ${p},`), `  ): ${result} {`];
}

/** src/resources/<area>.ts for every area of the contract, typed with the plain types of src/types.ts. */
export function renderResources(): Map<string, string> {
  const files = new Map<string, string>();
  const lean = renderLeanTypes().routes;
  for (const [area, routes] of Object.entries(contract)) {
    const cls = classOf(area);
    const body: string[] = [];
    const typeNames = new Set<string>();
    let pages = false;
    let promises = false;
    for (const [name, route] of Object.entries(routes as Record<string, AppRoute>)) {
      const types = lean.find((r) => r.area === area && r.name === name);
      if (!types) throw new Error(`no lean types for ${area}.${name}`);
      typeNames.add(types.input).add(types.data);
      const itemName = types.item?.match(/^[A-Za-z]+$/)?.[0];
      if (itemName && itemName !== types.data) typeNames.add(itemName);
      const item = types.item === cls ? `${cls}Data` : types.item;
      const result = item ? `PagePromise<${item}, ${types.data}>` : `APIPromise<${types.data}>`;
      if (types.item) pages = true;
      else promises = true;
      if (body.length) body.push('');
      body.push(
        ...routeDoc(route),
        ...methodLines(name, [`input${types.optional ? '?' : ''}: ${types.input}`, 'options?: RequestOptions'], result),
        `    return this._request('${area}', '${name}', [input, options]);`,
        '  }',
      );
    }
    const doc = AREA_DOCS[area] ?? `The ${area} routes.`;
    // A type named as the class (the contract's `Vault` data, the `Vault` resource) is imported renamed.
    const local = (n: string) => (n === cls ? `${n}Data` : n);
    const names = [...typeNames].sort().map((n) => (local(n) === n ? n : `${n} as ${local(n)}`));
    const typeImport = `import type { ${names.join(', ')} } from '../types.js';`;
    files.set(
      `src/resources/${fileOf(area)}.ts`,
      [
        '// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.',
        `/** ${doc} */`,
        ...(promises ? ["import type { APIPromise } from '../core/api-promise.js';"] : []),
        "import type { RequestOptions } from '../core/fetcher.js';",
        ...(pages ? ["import type { PagePromise } from '../core/pagination.js';"] : []),
        "import { APIResource } from '../core/resource.js';",
        ...(typeImport.length <= 120
          ? [typeImport]
          : ['import type {', ...names.map((n) => `  ${n},`), "} from '../types.js';"]),
        '',
        `/** ${doc} */`,
        `export class ${cls} extends APIResource {`,
        ...body,
        '}',
        '',
      ].join('\n'),
    );
  }
  return files;
}

// --- docs/sdk.md -------------------------------------------------------------------------------

interface Member {
  name: string;
  signature: string;
  doc: string;
}

const readSource = (rel: string, files?: Map<string, string>) => {
  const text = files?.get(rel) ?? readFileSync(`${sdkRoot}/${rel}`, 'utf8');
  return ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true);
};

/** The text of a node's JSDoc comment, tags included, without the comment markers. */
function docOf(node: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  if (!last) return '';
  return last
    .getText()
    .replace(/^\/\*\*\s?|\s*\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** Paragraphs of a doc comment joined into markdown (one blank line between them); `@example` as code. */
const paragraphs = (doc: string) =>
  doc
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((p) => p.replace(/^@example\s+([\s\S]*)$/, (_, code: string) => `\`\`\`ts\n${code}\n\`\`\``))
    .join('\n\n');

/** The call signature of an interface (`hx.capture(event)` of CaptureCall), with its doc. */
function callSignature(source: ts.SourceFile, name: string, property: string): Member | undefined {
  let found: Member | undefined;
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name) return;
    for (const m of node.members) {
      if (!ts.isCallSignatureDeclaration(m)) continue;
      const params = m.parameters.map((p) => p.getText().replace(/\s+/g, ' ')).join(', ');
      found = { name: property, signature: `${property}(${params})`, doc: docOf(m) };
    }
  });
  return found;
}

function classMembers(source: ts.SourceFile, className: string): { doc: string; members: Member[] } {
  let result = { doc: '', members: [] as Member[] };
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== className) return;
    const members: Member[] = [];
    for (const m of node.members) {
      const isPrivate = (ts.canHaveModifiers(m) ? ts.getModifiers(m) : undefined)?.some(
        (x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword,
      );
      if (isPrivate || !m.name || ts.isPrivateIdentifier(m.name) || !ts.isIdentifier(m.name)) continue;
      if (m.name.text.startsWith('_')) continue;
      if (ts.isMethodDeclaration(m)) {
        const params = m.parameters.map((p) => p.getText().replace(/\s+/g, ' ')).join(', ');
        members.push({ name: m.name.text, signature: `${m.name.text}(${params})`, doc: docOf(m) });
      } else if (ts.isPropertyDeclaration(m) && docOf(m)) {
        members.push({ name: m.name.text, signature: m.name.text, doc: docOf(m) });
      }
    }
    result = { doc: docOf(node), members };
  });
  return result;
}

function interfaceMembers(source: ts.SourceFile, name: string): Member[] {
  const members: Member[] = [];
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name) return;
    for (const m of node.members) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      const type = ts.isPropertySignature(m) && m.type ? m.type.getText() : '';
      members.push({ name: m.name.text, signature: `${m.name.text}: ${type}`, doc: docOf(m) });
    }
  });
  return members;
}

/** docs/sdk.md from the client (options, flat calls) and every resource class. */
export function renderSdkReference(files?: Map<string, string>): string {
  const client = readSource('src/client.ts', files);
  const out: string[] = [
    '# SDK reference (`@hx-memory/sdk`)',
    '',
    '<!-- Generated from the SDK source by `npx tsx sdk/scripts/write.ts` (sdk/scripts/codegen.ts); do not edit by hand. -->',
    '',
    "Every call returns a promise of the envelope's `data` (`.withResponse()` adds status, headers and",
    'request id); list calls return a page that is also async-iterable over every item of every page.',
    'A method takes one flat object (path parameters, query and body fields together) and optional',
    'request options `{ timeout, maxRetries, idempotencyKey, signal, headers }`. Errors are classes',
    '(`ValidationError`, `AuthenticationError`, `NotFoundError`, `RateLimitError`, ...): see',
    '[the SDK guide](../sdk/README.md), [concepts](concepts.md) and [the quickstart](quickstart.md).',
    '',
    '## Options: `new Hx(options)`',
    '',
    '| Option | Description |',
    '| --- | --- |',
  ];
  for (const o of interfaceMembers(client, 'HxOptions'))
    out.push(
      `| \`${o.signature.replace(/\|/g, '\\|')}\` | ${paragraphs(o.doc).replace(/\n+/g, ' ').replace(/\|/g, '\\|')} |`,
    );
  const hx = classMembers(client, 'Hx');
  const areas = Object.keys(contract);
  out.push('', '## Client calls', '', paragraphs(hx.doc), '');
  for (const [iface, property] of [
    ['CaptureCall', 'capture'],
    ['LearnCall', 'learn'],
    ['SynthesizeCall', 'synthesize'],
  ] as const) {
    const call = callSignature(client, iface, property);
    if (call) out.push(`### \`hx.${call.signature}\``, '', paragraphs(call.doc), '');
  }
  for (const m of hx.members) {
    if (areas.includes(m.name)) continue;
    out.push(`### \`hx.${m.signature}\``, '', paragraphs(m.doc), '');
  }
  out.push('## Resources', '');
  for (const area of areas) {
    const source = readSource(`src/resources/${fileOf(area)}.ts`, files);
    const { doc, members } = classMembers(source, classOf(area));
    const property = hx.members.find((m) => m.name === area);
    out.push(`### \`hx.${area}\``, '', paragraphs(property?.doc || doc), '');
    for (const m of members) {
      const [summary, ...rest] = paragraphs(m.doc).split('\n\n');
      out.push(`#### \`hx.${area}.${m.name}(input, options?)\``, '', summary ?? '', '');
      for (const p of rest) out.push(p, '');
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
