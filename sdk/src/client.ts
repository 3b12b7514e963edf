/**
 * The Hx client: configuration (base URL, credentials, organization, timeouts, retries), one
 * property per API area (a resource generated from the contract), and the flat calls of the
 * @hippocortex/sdk 1.2 client: `hx.capture(event)`, `hx.captureBatch(events)`, `hx.learn(options)`,
 * `hx.synthesize(query, options)`, `hx.listArtifacts(options)`, `hx.getArtifact(id)`,
 * `hx.getMetrics(options)`. `hx.capture`, `hx.learn` and `hx.synthesize` are both the call and
 * their area's resource (`hx.learn.getJob(...)`), see docs/decisions/sdk.md.
 */
import type { APIPromise } from './core/api-promise.js';
import { APITimeoutError, APIUserAbortError } from './core/errors.js';
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
import { Store } from './resources/store.js';
import { Synthesize } from './resources/synthesize.js';
import { Teams } from './resources/teams.js';
import { Usage } from './resources/usage.js';
import { Vault } from './resources/vault.js';
import type {
  Artifact,
  ArtifactsListData,
  ArtifactsListInput,
  BatchCaptureResult,
  CaptureCaptureInput,
  CaptureEvent,
  CaptureResult,
  LearnJob,
  LearnLearnInput,
  SynthesizeResult,
  SynthesizeSynthesizeInput,
  UsageGetInput,
  UsageMetrics,
} from './types.js';
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

/** The input of `hx.capture(event)`: an event as the capture route takes it. */
export type CaptureInput = CaptureCaptureInput;

/**
 * `hx.learn(options)`: the @hippocortex/sdk 1.2 options (`scope`, `minPatternStrength`,
 * `artifactTypes`) and the Hx additions (scope filters, `wait`, or the route's own `options` object).
 */
export type LearnOptions = Partial<LearnLearnInput> & {
  /** Procedural patterns below it are not emitted (sent as `options.minPatternStrength`). */
  minPatternStrength?: number;
  /** Only compile these artifact types (sent as `options.artifactTypes`). */
  artifactTypes?: NonNullable<LearnLearnInput['options']>['artifactTypes'];
};

type SynthesizeInput = SynthesizeSynthesizeInput;
/**
 * `hx.synthesize(query, options)`: the @hippocortex/sdk 1.2 options (`maxTokens`, `sections`,
 * `minConfidence`, `includeProvenance`) and the Hx scope (`namespace`, `sessionId`, `subjectId`,
 * `agentId`, `asOf`) in one object.
 */
export type SynthesizeOptions = NonNullable<SynthesizeInput['options']> & Omit<SynthesizeInput, 'query' | 'options'>;

/** `hx.listArtifacts(options)`: type, status, sort, order, limit, cursor and the Hx scope filters. */
export type ListArtifactsOptions = ArtifactsListInput;
/**
 * What `hx.listArtifacts` answers: `{ artifacts, pagination }` (one page), as the @hippocortex/sdk
 * 1.2 client, and also an async iterable over every artifact of every page (`for await`).
 */
export type ArtifactList = ArtifactsListData & AsyncIterable<Artifact>;

/** How `hx.learnAndWait` polls. */
export interface LearnWaitOptions extends RequestOptions {
  /** Milliseconds between two looks at the job. Default 1000. */
  pollIntervalMs?: number;
  /** Milliseconds to wait for the job in all, from the start. Default 600 000 (10 minutes). */
  waitTimeoutMs?: number;
}
/** `hx.getMetrics(options)`: `period` (1h, 24h, 7d, 30d) and `granularity` (minute, hour, day). */
export type MetricsOptions = UsageGetInput;

/** `hx.capture`: capture one event when called, and the capture area's resource. */
export interface CaptureCall extends Capture {
  /**
   * Capture an event (`POST /v1/capture`): `{ type, sessionId, payload, metadata? }` plus the Hx
   * additions `namespace`, `agentId`, `subjectId`, `occurredAt`, `idempotencyKey`. Answers
   * `{ eventId, status: 'ingested' | 'duplicate', salienceScore }`.
   *
   * @example await hx.capture({ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'Hi' } });
   */
  (event: CaptureInput, options?: RequestOptions): APIPromise<CaptureResult>;
}

/** `hx.learn`: start a learn job when called, and the learn area's resource (`hx.learn.getJob`). */
export interface LearnCall extends Learn {
  /**
   * Compile memories and artifacts from the captured events (`POST /v1/learn`). Incremental by
   * default; `{ wait: true }` answers the finished job when it ends within the request timeout.
   * Answers the job (`runId`, `jobId`, `status`, `artifacts`, `stats`).
   *
   * @example const job = await hx.learn({ scope: 'incremental', wait: true });
   */
  (options?: LearnOptions, requestOptions?: RequestOptions): APIPromise<LearnJob>;
}

/** `hx.synthesize`: a context pack when called, and the synthesize area's resource. */
export interface SynthesizeCall extends Synthesize {
  /**
   * A prompt-ready context for `query` within `options.maxTokens` (`POST /v1/synthesize`). Answers
   * `{ packId, context, entries, budget }`.
   *
   * @example const { context } = await hx.synthesize('How do I deploy?', { maxTokens: 1000 });
   */
  (query: string, options?: SynthesizeOptions, requestOptions?: RequestOptions): APIPromise<SynthesizeResult>;
}

/** A function that is also `resource`: its methods are found through the prototype chain. */
function callable<R extends object, F extends (...args: never[]) => unknown>(resource: R, call: F): F & R {
  const fn = (...args: Parameters<F>) => call(...args);
  // The methods are looked up on the resource; `name` and `length` must not hide routes of that name.
  delete (fn as { name?: string }).name;
  delete (fn as { length?: number }).length;
  return Object.setPrototypeOf(fn, resource) as F & R;
}

/** Resolves after `ms`, or rejects with APIUserAbortError when `signal` aborts first. */
function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new APIUserAbortError());
      },
      { once: true },
    );
  });
}

function userAgent(): string {
  const node = typeof process !== 'undefined' ? process.versions?.node : undefined;
  return `hx-sdk/${VERSION}${node ? ` node/${node}` : ''}`;
}

/**
 * Which call when. The flat calls are an agent's loop: `hx.capture(event)`, `hx.captureBatch(events)`,
 * `hx.learn(options)` (starts a job; `{ wait: true }` answers it finished when it ends within the
 * request) or `hx.learnAndWait(options)` (waits for the end however long it takes),
 * `hx.synthesize(query, options)`, `hx.listArtifacts(query)`, `hx.getArtifact(id)` and
 * `hx.getMetrics(options)`. They take the arguments of the @hippocortex/sdk 1.2 client, the API Hx
 * is compatible with, so code written for it runs unchanged. The resources (`hx.artifacts`,
 * `hx.memories`, `hx.apiKeys`, `hx.organizations`, ...) are every route of the API, each method one
 * flat object of path, query and body fields. Lists: `hx.artifacts.list(query)` answers a page
 * (`items`, `hasNextPage()`, `getNextPage()`); `hx.listArtifacts(query)` answers one page as
 * `{ artifacts, pagination }` (the 1.2 shape); `for await` over either walks every item of every
 * page. New code may use either; code that reads `.artifacts` keeps working.
 */
export class Hx {
  readonly options: Readonly<HxOptions>;
  readonly #config: ClientConfig;

  readonly auth: Auth;
  readonly apiKeys: ApiKeys;
  /**
   * `hx.capture(event)` captures one event; `hx.capture.captureBatch({ events })` is the batch route
   * (the flat `hx.captureBatch(events)` takes the array).
   */
  readonly capture: CaptureCall;
  /** `hx.learn(options)` starts a learn job; `hx.learn.getJob({ id })` follows it. */
  readonly learn: LearnCall;
  /** `hx.synthesize(query, options)`: a prompt-ready context for the query. */
  readonly synthesize: SynthesizeCall;
  readonly artifacts: Artifacts;
  readonly memories: Memories;
  /** Items put and read by path and key: `hx.store.put({ path, key, value })`, `hx.store.get({ path, key })`. */
  readonly store: Store;
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
    const capture = new Capture(core);
    this.capture = callable(capture, (event: CaptureInput, options?: RequestOptions) =>
      capture.capture(event, options),
    );
    const learn = new Learn(core);
    this.learn = callable(learn, (options: LearnOptions = {}, requestOptions?: RequestOptions) => {
      const { minPatternStrength, artifactTypes, options: routeOptions, ...rest } = options;
      const merged = { ...routeOptions };
      if (minPatternStrength !== undefined) merged.minPatternStrength = minPatternStrength;
      if (artifactTypes !== undefined) merged.artifactTypes = artifactTypes;
      return learn.learn({ ...rest, options: merged }, requestOptions);
    });
    const synthesize = new Synthesize(core);
    this.synthesize = callable(
      synthesize,
      (query: string, options: SynthesizeOptions = {}, requestOptions?: RequestOptions) => {
        const { namespace, sessionId, subjectId, agentId, asOf, ...packOptions } = options;
        return synthesize.synthesize(
          { query, options: packOptions, namespace, sessionId, subjectId, agentId, asOf },
          requestOptions,
        );
      },
    );
    this.artifacts = new Artifacts(core);
    this.memories = new Memories(core);
    this.store = new Store(core);
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

  /** The server URL this client sends to (the option, else HX_BASE_URL, else http://localhost:8080). */
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

  /**
   * Capture up to 1000 events at once, stored whole or not at all (`POST /v1/capture/batch`).
   * Answers `{ results: [{ eventId, status }], summary: { total, ingested, duplicates, errors } }`.
   * Pass `{ idempotencyKey }` to make a retried import answer the first result again.
   *
   * @example await hx.captureBatch([{ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'Hi' } }]);
   */
  captureBatch(events: CaptureEvent[] | CaptureInput[], options?: RequestOptions): APIPromise<BatchCaptureResult> {
    return this.capture.captureBatch({ events: events as CaptureInput[] }, options);
  }

  /**
   * One page of compiled artifacts as `{ artifacts, pagination }` (`GET /v1/artifacts`): filter by
   * `type`, `status`, `namespace`, `subjectId`, `sessionId`; `sort`, `order`, `limit`, `cursor`
   * (`pagination.cursor` of the previous page). `hx.artifacts.list(...)` iterates over every page.
   *
   * @example const { artifacts } = await hx.listArtifacts({ type: 'failure_playbook', limit: 10 });
   */
  async listArtifacts(options: ListArtifactsOptions = {}, requestOptions?: RequestOptions): Promise<ArtifactList> {
    const page = await this.artifacts.list(options, requestOptions);
    // Not enumerable: the object still prints, spreads and compares as `{ artifacts, pagination }`.
    return Object.defineProperty({ ...page.data }, Symbol.asyncIterator, {
      value: () => page.iterAll(),
      enumerable: false,
    }) as ArtifactList;
  }

  /**
   * Starts a learn job and waits until it completes or fails, polling `GET /v1/learn/jobs/:id` (as
   * openai-node's `createAndPoll`): the finished job, `status` `completed` or `failed` (with `error`).
   * The server already waits for the job within the request (unless `wait: false`); the polling
   * covers a job that runs longer. Throws APITimeoutError when it is still running after `waitTimeoutMs`.
   *
   * @example const job = await hx.learnAndWait(); console.log(job.stats.memoriesCreated);
   */
  async learnAndWait(options: LearnOptions = {}, waitOptions: LearnWaitOptions = {}): Promise<LearnJob> {
    const { pollIntervalMs = 1000, waitTimeoutMs = 600_000, ...requestOptions } = waitOptions;
    const deadline = Date.now() + waitTimeoutMs;
    let job = await this.learn({ wait: true, ...options }, requestOptions);
    while (job.status !== 'completed' && job.status !== 'failed') {
      if (Date.now() + pollIntervalMs > deadline) {
        throw new APITimeoutError({ message: `learn job ${job.id} is still ${job.status} after ${waitTimeoutMs} ms` });
      }
      await sleep(pollIntervalMs, requestOptions.signal);
      job = await this.learn.getJob({ id: job.id }, requestOptions);
    }
    return job;
  }

  /** One artifact by id (`GET /v1/artifacts/:id`); NotFoundError when it does not exist. */
  getArtifact(id: string, options?: RequestOptions): APIPromise<Artifact> {
    return this.artifacts.get({ id }, options);
  }

  /**
   * Usage of the key's tenant and environment (`GET /v1/usage-metrics`): events, compilations and
   * syntheses of the `period` (default 24h), the monthly quota and stored totals.
   *
   * @example const { quota } = await hx.getMetrics({ period: '7d', granularity: 'day' });
   */
  getMetrics(options: MetricsOptions = {}, requestOptions?: RequestOptions): APIPromise<UsageMetrics> {
    return this.usage.get(options, requestOptions);
  }
}
