// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Synthesize a prompt-ready context for a query, within a token budget. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type { SynthesizeSynthesizeData, SynthesizeSynthesizeInput } from '../types.js';

/** Synthesize a prompt-ready context for a query, within a token budget. */
export class Synthesize extends APIResource {
  /**
   * Synthesize context.
   *
   * Ranks the raw events, memories and artifacts of the scope for the query (full-text search with OR
   * semantics, trigram matching of unknown names in scopes of up to 1,000 documents, BM25, recency,
   * confidence and kind priors, fused and diversified) and packs them under `options.maxTokens`. Superseded
   * and archived memories are left out unless `asOf` asks for the past. Every memory and artifact returned is
   * written to the access log.
   *
   * `POST /v1/synthesize` (API key, scope read)
   */
  synthesize(input: SynthesizeSynthesizeInput, options?: RequestOptions): APIPromise<SynthesizeSynthesizeData> {
    return this._request('synthesize', 'synthesize', [input, options]);
  }
}
