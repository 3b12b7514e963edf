/**
 * Optional embeddings (docs/decisions/retrieval.md, Embeddings). Configured by EMBEDDINGS_URL and
 * EMBEDDINGS_MODEL (an OpenAI-compatible endpoint) or by EMBEDDINGS_PROVIDER=local (a model run in a
 * worker thread, local.ts); unset, `createEmbeddings` returns undefined and nothing here runs: no
 * extension, no table, no query, no model package loaded.
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { RankedItem } from '../retrieval/ranked-item.js';
import type { RetrievalScope, Source } from '../retrieval/scope.js';
import { createEmbeddingsClient, type EmbedFn } from './client.js';
import { DEFAULT_FUSION_WEIGHT, type FusionGate, fuseWithEmbeddings } from './fuse.js';
import { createEndpointHealth } from './health.js';
import { startIndexer } from './indexer.js';
import { createLocalEmbedder, LOCAL_MODEL, resolveLocalModel } from './local.js';
import { createVectorCache, ensureEmbeddingsSchema, nearestItems, type VectorCache, type VectorHit } from './store.js';

/** Embedding neighbours of a query fused with the lexical ranking (all sources together). */
const NEAREST_LIMIT = 50;
/** Bound on embedding the query in synthesize: the answer falls back to lexical past it. */
const QUERY_TIMEOUT_MS = 2000;
/** After a query could not be embedded, synthesize stays lexical this long (or until the indexer gets an answer). */
const QUERY_RETRY_MS = 5000;

export function embeddingsConfigured(config: Config): boolean {
  return config.EMBEDDINGS_PROVIDER === 'local' || Boolean(config.EMBEDDINGS_URL && config.EMBEDDINGS_MODEL);
}

/** At start, only when configured: the extension and tables, or a start-up error saying what is missing. */
export async function prepareEmbeddings(database: Database, config: Config, logger: Logger): Promise<void> {
  if (!embeddingsConfigured(config)) return;
  // The local model's packages are only located here (the model loads on first use, in its worker).
  if (config.EMBEDDINGS_PROVIDER === 'local') resolveLocalModel();
  await ensureEmbeddingsSchema(database);
  if (database.driver === 'pglite') {
    logger.info(
      'embeddings: PGlite has no pgvector package for its version (@electric-sql/pglite 0.5.16); vectors are ' +
        'stored as real[] and searched in memory. Use PostgreSQL with pgvector for large stores.',
    );
  }
}

export interface Embeddings {
  /** The query's embedding neighbours in the scope (run alongside lexical retrieval); undefined when the endpoint is away. */
  nearest(scope: RetrievalScope, query: string, sections: Set<SynthesizeSection>): Promise<VectorHit[] | undefined>;
  /**
   * Lexical items fused with those neighbours (weighted, fuse.ts); the lexical items unchanged without any.
   * `gate`: which lexical items keep their places (DEFAULT_GATE; WHEN_GATE for a question asking when).
   */
  fuse(
    scope: RetrievalScope,
    lexical: RankedItem[],
    hits: VectorHit[] | undefined,
    sections: Set<SynthesizeSection>,
    gate?: FusionGate,
  ): Promise<RankedItem[]>;
  /** Starts the background indexer (jobs/start.ts, in a process that consumes jobs). */
  startIndexing(): { stop(): Promise<void> };
  /** Scopes whose vectors are still being read for the first time (PGlite; searches answer by words meanwhile). */
  scopesLoading(): number;
}

/** The provider's embed function and the model name its vectors are stored under. */
function providerOf(
  config: Config,
  onShutdown?: (hook: () => Promise<void>) => void,
): { embed: EmbedFn; model: string } {
  if (config.EMBEDDINGS_PROVIDER === 'local') {
    const local = createLocalEmbedder();
    onShutdown?.(() => local.close());
    return { embed: local.embed, model: LOCAL_MODEL };
  }
  const model = config.EMBEDDINGS_MODEL as string;
  const embed = createEmbeddingsClient({
    url: config.EMBEDDINGS_URL as string,
    model,
    apiKey: config.EMBEDDINGS_API_KEY,
    dimensions: config.EMBEDDINGS_DIMENSIONS,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
  });
  return { embed, model };
}

export function createEmbeddings(deps: {
  config: Config;
  database: Database;
  logger: Logger;
  onShutdown?: (hook: () => Promise<void>) => void;
}): Embeddings | undefined {
  const { config, database, logger } = deps;
  if (!embeddingsConfigured(config)) return undefined;
  const { embed, model } = providerOf(config, deps.onShutdown);
  const health = createEndpointHealth();
  const vectors: VectorCache = createVectorCache();

  async function nearest(scope: RetrievalScope, query: string, sections: Set<SynthesizeSection>) {
    if (!health.available()) return undefined;
    try {
      const [vector] = await embed([query], Math.min(QUERY_TIMEOUT_MS, config.EMBEDDINGS_TIMEOUT_MS));
      if (!vector) return undefined;
      const sources: Source[] = sections.has('context') ? ['event', 'memory', 'artifact'] : ['memory', 'artifact'];
      const lists = await Promise.all(
        sources.map((source) =>
          nearestItems(database, { source, scope, model, query: vector, limit: NEAREST_LIMIT }, vectors),
        ),
      );
      return lists
        .flat()
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, NEAREST_LIMIT);
    } catch (err) {
      health.down(QUERY_RETRY_MS);
      logger.debug({ err: (err as Error).message }, 'embeddings: query not embedded, lexical only');
      return undefined;
    }
  }

  async function fuse(
    scope: RetrievalScope,
    lexical: RankedItem[],
    hits: VectorHit[] | undefined,
    sections: Set<SynthesizeSection>,
    gate?: FusionGate,
  ) {
    if (!hits || hits.length === 0) return lexical;
    return fuseWithEmbeddings(
      database,
      scope,
      lexical,
      hits,
      sections,
      config.EMBEDDINGS_FUSION_WEIGHT ?? DEFAULT_FUSION_WEIGHT,
      gate,
    );
  }

  // Background work runs where jobs run (not on API-only replicas), like learn: jobs/start.ts starts it.
  const startIndexing = () =>
    startIndexer({
      database,
      embed,
      model,
      batchSize: config.EMBEDDINGS_BATCH_SIZE,
      pollMs: config.EMBEDDINGS_POLL_MS,
      health,
      logger,
    });

  return { nearest, fuse, startIndexing, scopesLoading: () => vectors.loading.size };
}
