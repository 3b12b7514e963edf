/**
 * The Hx client: configuration (base URL, credentials, organization, timeouts, retries) and one
 * property per API area, each a thin typed resource derived from the contract.
 */
import { type ClientConfig, type RequestOptions, createContractClient } from './core/fetcher.js';
import type { ClientCore } from './core/resource.js';
import { Admin } from './resources/admin.js';
import { Agents } from './resources/agents.js';
import { ApiKeys } from './resources/api-keys.js';
import { Artifacts } from './resources/artifacts.js';
import { Audit } from './resources/audit.js';
import { Auth } from './resources/auth.js';
import { Capture } from './resources/capture.js';
import { Learn } from './resources/learn.js';
import { Lifecycle } from './resources/lifecycle.js';
import { Lineage } from './resources/lineage.js';
import { Members } from './resources/members.js';
import { Memories } from './resources/memories.js';
import { Namespaces } from './resources/namespaces.js';
import { Ops } from './resources/ops.js';
import { Organizations } from './resources/organizations.js';
import { Policies } from './resources/policies.js';
import { Synthesize } from './resources/synthesize.js';
import { Teams } from './resources/teams.js';
import { Usage } from './resources/usage.js';
import { Vault } from './resources/vault.js';
import { VERSION } from './version.js';

/** Options of `new Hx(...)`; every one optional. Unknown options are a type error (and a TypeError at run time). */
export interface HxOptions {
  /** Server URL. Default: HX_BASE_URL, else http://localhost:8080. */
  baseUrl?: string;
  /** hx_live_… or hx_test_… key for the core routes (capture, learn, synthesize, ...). Default: HX_API_KEY. */
  apiKey?: string;
  /** JWT access token for account, organization and vault routes. Default: HX_ACCESS_TOKEN. */
  accessToken?: string;
  /** The deployment's OPERATOR_TOKEN, for the admin routes. Default: HX_OPERATOR_TOKEN. */
  operatorToken?: string;
  /** Default organization of org-scoped calls; sent as X-Organization-ID. Default: HX_ORGANIZATION_ID. */
  organizationId?: string;
  /** Milliseconds per attempt before APITimeoutError. Default 60 000. */
  timeout?: number;
  /** Retries of connection errors, timeouts, 408, 429 and 5xx (with one Idempotency-Key). Default 2. */
  maxRetries?: number;
  /** Headers sent with every request (a per-call `headers` option wins). */
  defaultHeaders?: Record<string, string>;
  /** A fetch implementation. Default: the global fetch (Node 18+). */
  fetch?: typeof fetch;
  /** @deprecated Use `timeout`. */
  timeoutMs?: number;
}

const OPTION_NAMES = new Set<string>([
  'baseUrl',
  'apiKey',
  'accessToken',
  'operatorToken',
  'organizationId',
  'timeout',
  'maxRetries',
  'defaultHeaders',
  'fetch',
  'timeoutMs',
] satisfies (keyof HxOptions)[]);

const env = (name: string): string | undefined =>
  typeof process !== 'undefined' ? process.env?.[name] || undefined : undefined;

function userAgent(): string {
  const node = typeof process !== 'undefined' ? process.versions?.node : undefined;
  return `hx-sdk/${VERSION}${node ? ` node/${node}` : ''}`;
}

export class Hx {
  readonly options: Readonly<HxOptions>;
  readonly #config: ClientConfig;

  readonly auth: Auth;
  readonly apiKeys: ApiKeys;
  readonly capture: Capture;
  readonly learn: Learn;
  readonly synthesize: Synthesize;
  readonly artifacts: Artifacts;
  readonly memories: Memories;
  readonly usage: Usage;
  readonly organizations: Organizations;
  readonly teams: Teams;
  readonly members: Members;
  readonly agents: Agents;
  readonly namespaces: Namespaces;
  readonly policies: Policies;
  readonly audit: Audit;
  readonly lineage: Lineage;
  readonly lifecycle: Lifecycle;
  readonly vault: Vault;
  readonly admin: Admin;
  readonly ops: Ops;

  constructor(options: HxOptions = {}) {
    for (const name of Object.keys(options)) {
      if (!OPTION_NAMES.has(name))
        throw new TypeError(`Unknown Hx option "${name}"; known: ${[...OPTION_NAMES].join(', ')}`);
    }
    this.options = { ...options };
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (!fetchImpl) throw new Error('No fetch implementation: pass options.fetch (Node 18+ has a global fetch).');
    this.#config = {
      // HX_URL and HX_TOKEN: the names before 0.2, still read.
      baseUrl: options.baseUrl ?? env('HX_BASE_URL') ?? env('HX_URL') ?? 'http://localhost:8080',
      apiKey: options.apiKey ?? env('HX_API_KEY'),
      accessToken: options.accessToken ?? env('HX_ACCESS_TOKEN') ?? env('HX_TOKEN'),
      operatorToken: options.operatorToken ?? env('HX_OPERATOR_TOKEN'),
      organizationId: options.organizationId ?? env('HX_ORGANIZATION_ID'),
      timeout: options.timeout ?? options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      fetch: fetchImpl,
      defaultHeaders: options.defaultHeaders,
      userAgent: userAgent(),
    };
    const config = this.#config;
    const core: ClientCore = { client: createContractClient(() => config), config: () => config };
    this.auth = new Auth(core);
    this.apiKeys = new ApiKeys(core);
    this.capture = new Capture(core);
    this.learn = new Learn(core);
    this.synthesize = new Synthesize(core);
    this.artifacts = new Artifacts(core);
    this.memories = new Memories(core);
    this.usage = new Usage(core);
    this.organizations = new Organizations(core);
    this.teams = new Teams(core);
    this.members = new Members(core);
    this.agents = new Agents(core);
    this.namespaces = new Namespaces(core);
    this.policies = new Policies(core);
    this.audit = new Audit(core);
    this.lineage = new Lineage(core);
    this.lifecycle = new Lifecycle(core);
    this.vault = new Vault(core);
    this.admin = new Admin(core);
    this.ops = new Ops(core);
  }

  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /** A new client with some options changed, e.g. `hx.withOptions({ accessToken })` after login. */
  withOptions(options: Partial<HxOptions>): Hx {
    return new Hx({ ...this.options, baseUrl: this.#config.baseUrl, ...options });
  }

  /** GET /health: status, version, database and Redis state. */
  health(options?: RequestOptions) {
    return this.ops.health({}, options);
  }
}
