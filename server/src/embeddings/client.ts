/**
 * A client of any OpenAI-compatible embeddings endpoint (OpenAI, Ollama, vLLM, TEI): POST
 * `{ model, input: [texts], dimensions? }`, answered `{ data: [{ index, embedding }] }`. Vectors are
 * normalised here, so cosine similarity is a dot product whatever the model returns.
 */

export interface EmbeddingsClientOptions {
  url: string;
  model: string;
  apiKey?: string;
  dimensions?: number;
  timeoutMs: number;
}

/** Embeds texts (normalised vectors, in order); `signal` aborts the request (shutdown). */
export type EmbedFn = (texts: string[], timeoutMs?: number, signal?: AbortSignal) => Promise<number[][]>;

/** Longest text sent, in characters: models cut (or refuse) past their context, and one request stays bounded. */
export const MAX_EMBED_CHARS = 8000;

/** `.../v1` and `.../v1/embeddings` both name the endpoint. */
export function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/embeddings') ? trimmed : `${trimmed}/embeddings`;
}

export function normalise(v: number[]): number[] {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return norm > 0 ? v.map((x) => x / norm) : v;
}

export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbedFn {
  const endpoint = endpointOf(options.url);
  return async (texts, timeoutMs = options.timeoutMs, signal) => {
    if (texts.length === 0) return [];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const body: Record<string, unknown> = {
      model: options.model,
      input: texts.map((t) => t.slice(0, MAX_EMBED_CHARS)),
    };
    if (options.dimensions) body.dimensions = options.dimensions;
    const res = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`embeddings endpoint answered ${res.status}: ${detail}`);
    }
    const json = (await res.json()) as { data?: Array<{ index?: number; embedding?: unknown }> };
    const data = json.data ?? [];
    if (data.length !== texts.length)
      throw new Error(`embeddings endpoint returned ${data.length} of ${texts.length} vectors`);
    const out: number[][] = new Array(texts.length);
    for (const [i, item] of data.entries()) {
      const vector = item.embedding;
      if (
        !Array.isArray(vector) ||
        vector.length === 0 ||
        !vector.every((x) => typeof x === 'number' && Number.isFinite(x))
      )
        throw new Error('embeddings endpoint returned a vector that is not a list of numbers');
      out[item.index ?? i] = normalise(vector as number[]);
    }
    return out;
  };
}
