/**
 * Whether the embeddings endpoint answered lately. While it is known down, synthesize does not wait on
 * it for the query's vector (lexical only) until the indexer's next retry succeeds or the pause ends.
 */
export interface EndpointHealth {
  /** False while a recent failure says the endpoint is away. */
  available(): boolean;
  up(): void;
  down(forMs: number): void;
}

export function createEndpointHealth(now: () => number = Date.now): EndpointHealth {
  let downUntil = 0;
  return {
    available: () => now() >= downUntil,
    up() {
      downUntil = 0;
    },
    down(forMs) {
      downUntil = Math.max(downUntil, now() + forMs);
    },
  };
}
