/**
 * The capture queue shared by the adapters: a framework callback enqueues and returns at once (the
 * reply never waits for Hx); a single drain loop sends batches with retry and backoff, in order;
 * `flush()` waits until everything enqueued so far is sent or given up. Bounded: past `maxQueue`
 * the oldest waiting item is dropped and reported, so a dead server cannot grow memory without end.
 */
import { randomUUID } from 'node:crypto';

export interface QueueOptions {
  /** Items waiting at most (default 1000); past it the oldest is dropped and reported through onDrop. */
  maxQueue?: number;
  /** Items per send (default 100). */
  batchSize?: number;
  /** Further attempts of a failed send (default 3), after 250 ms, 500 ms, 1 s, ... (`retryDelay` doubles). */
  retries?: number;
  /** First backoff in milliseconds (default 250). */
  retryDelay?: number;
}

export interface QueueTask<T> {
  /** Items sent together, in enqueue order; `kind` groups them (a batch never mixes kinds). */
  kind: string;
  item: T;
}

export interface QueueStats {
  enqueued: number;
  sent: number;
  failed: number;
  dropped: number;
  pending: number;
}

export class BoundedQueue<T> {
  readonly #items: QueueTask<T>[] = [];
  readonly #maxQueue: number;
  readonly #batchSize: number;
  readonly #retries: number;
  readonly #retryDelay: number;
  readonly #send: (kind: string, items: T[], batchId: string) => Promise<void>;
  readonly #onFailure: (error: unknown, kind: string, items: T[], dropped: boolean) => void;
  #draining: Promise<void> | null = null;
  #stats: QueueStats = { enqueued: 0, sent: 0, failed: 0, dropped: 0, pending: 0 };
  #errors: unknown[] = [];

  constructor(
    options: QueueOptions,
    send: (kind: string, items: T[], batchId: string) => Promise<void>,
    onFailure: (error: unknown, kind: string, items: T[], dropped: boolean) => void,
  ) {
    this.#maxQueue = Math.max(1, options.maxQueue ?? 1000);
    this.#batchSize = Math.max(1, options.batchSize ?? 100);
    this.#retries = Math.max(0, options.retries ?? 3);
    this.#retryDelay = Math.max(0, options.retryDelay ?? 250);
    this.#send = send;
    this.#onFailure = onFailure;
  }

  /** Adds an item and starts the drain loop if it is idle; never waits, never throws. */
  push(kind: string, item: T): void {
    if (this.#items.length >= this.#maxQueue) {
      const oldest = this.#items.shift() as QueueTask<T>;
      this.#stats.dropped += 1;
      const error = new Error(`Hx capture queue full (${this.#maxQueue} waiting): the oldest item was dropped`);
      this.#errors.push(error);
      this.#onFailure(error, oldest.kind, [oldest.item], true);
    }
    this.#items.push({ kind, item });
    this.#stats.enqueued += 1;
    // Started on the next macrotask, so the caller's reply goes out first and a burst of pushes in
    // one tick is sent as one batch.
    this.#draining ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => this.#drain());
  }

  get stats(): QueueStats {
    return { ...this.#stats, pending: this.#items.length };
  }

  /**
   * Waits until every item enqueued before (and during) the call is sent or given up. Answers the
   * errors of the items given up since the previous flush (an empty list when all went through).
   */
  async flush(): Promise<unknown[]> {
    while (this.#draining) await this.#draining;
    const errors = this.#errors;
    this.#errors = [];
    return errors;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#items.length > 0) {
        const kind = (this.#items[0] as QueueTask<T>).kind;
        let count = 0;
        while (count < this.#items.length && count < this.#batchSize && this.#items[count]?.kind === kind) count += 1;
        const batch = this.#items.splice(0, count).map((t) => t.item);
        await this.#sendWithRetry(kind, batch);
      }
    } finally {
      this.#draining = null;
    }
  }

  async #sendWithRetry(kind: string, batch: T[]): Promise<void> {
    const batchId = randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.#send(kind, batch, batchId);
        this.#stats.sent += batch.length;
        return;
      } catch (error) {
        if (attempt >= this.#retries || !retryable(error)) {
          this.#stats.failed += batch.length;
          this.#errors.push(error);
          this.#onFailure(error, kind, batch, false);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.#retryDelay * 2 ** attempt));
      }
    }
  }
}

/** A 4xx other than 408/409/429 will fail the same way again: not retried. */
function retryable(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (typeof status !== 'number') return true;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
