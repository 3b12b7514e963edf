/**
 * The Hx client: configuration (base URL, credentials, organization, timeouts, retries) and one
 * property per API area, each a thin typed resource derived from the contract.
 */
import { type ClientConfig, createContractClient } from './core/fetcher.js';
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

export interface HxOptions {
  /** Default: HX_URL, else http://localhost:8080. */
  baseUrl?: string;
  /** hx_live_… or hx_test_… key for the core routes. Default: HX_API_KEY. */
  apiKey?: string;
  /** JWT access token for account, enterprise and vault routes. Default: HX_TOKEN. */
  accessToken?: string;
  /** OPERATOR_TOKEN of the deployment, for the admin routes. Default: HX_OPERATOR_TOKEN. */
  operatorToken?: string;
  /** Default orgId of org-scoped calls; sent as X-Organization-ID. Default: HX_ORGANIZATION_ID. */
  organizationId?: string;
  /** Per attempt. Default 60 000. */
  timeoutMs?: number;
  /** Retries of connection errors, timeouts, 408, 409, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  defaultHeaders?: Record<string, string>;
}

const env = (name: string): string | undefined =>
  typeof process !== 'undefined' ? process.env?.[name] || undefined : undefined;

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
    this.options = { ...options };
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (!fetchImpl) throw new Error('No fetch implementation: pass options.fetch (Node 18+ has a global fetch).');
    this.#config = {
      baseUrl: options.baseUrl ?? env('HX_URL') ?? 'http://localhost:8080',
      apiKey: options.apiKey ?? env('HX_API_KEY'),
      accessToken: options.accessToken ?? env('HX_TOKEN'),
      operatorToken: options.operatorToken ?? env('HX_OPERATOR_TOKEN'),
      organizationId: options.organizationId ?? env('HX_ORGANIZATION_ID'),
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      fetch: fetchImpl,
      defaultHeaders: options.defaultHeaders,
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
  health() {
    return this.ops.health();
  }
}
