/**
 * What every framework adapter shares (bundled into each package, so the SDK stays its only runtime
 * dependency): the scope merge, the memory read for a turn (synthesize once per turn, cached across
 * the steps of a tool loop, rendered as one delimited block with provenance ids within a token
 * budget), fail open or closed with a timeout and an onError hook, the non-blocking capture queue
 * with `flush()`, learn at the end of a turn, and the operations behind the memory tools.
 */
import { Hx, type CaptureInput, type Memory, type SynthesizeEntry, type SynthesizeResult } from '@hx-memory/sdk';
import { BoundedQueue, type QueueOptions, type QueueStats } from './queue.js';

/** Who and what a memory read or write is about; every field optional. */
export interface HxScope {
  /** Namespace id or name (the API key's default namespace when absent). */
  namespace?: string;
  /** The agent acting. */
  agentId?: string;
  /** The conversation or run; events are captured under it. */
  sessionId?: string;
  /** The end user or entity the memory is about: the boundary that keeps users apart. */
  subjectId?: string;
}

export type MemoryOperation = 'synthesize' | 'capture' | 'learn' | 'search' | 'remember' | 'forget';

/** An Hx failure as the adapters report it: the operation, the scope, and the SDK error as `cause`. */
export class HxMemoryError extends Error {
  readonly operation: MemoryOperation;
  readonly scope: HxScope;
  constructor(operation: MemoryOperation, scope: HxScope, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Hx memory ${operation} failed: ${reason}`, { cause });
    this.name = 'HxMemoryError';
    this.operation = operation;
    this.scope = scope;
  }
}

export interface HxMemoryOptions {
  /** An Hx client; else one is made from `baseUrl` and `apiKey` (HX_BASE_URL and HX_API_KEY by default). */
  client?: Hx;
  baseUrl?: string;
  apiKey?: string;
  /** Scope used when a call's context gives none (each call's context wins field by field). */
  scope?: HxScope;
  /** Token budget of the injected block, its wrapper and reference ids included (default 1000). */
  maxTokens?: number;
  /** Milliseconds a memory read may take before it counts as failed (default 5000). */
  timeout?: number;
  /** `open` (default): a failed read injects nothing and the model runs; `closed`: the call fails. */
  failMode?: 'open' | 'closed';
  /** Every failure, whatever the fail mode (reads, captures given up, learns). */
  onError?: (error: HxMemoryError) => void;
  /**
   * Where the block goes. `context` (default): a user-role message right before the latest user
   * message, so the system prompt and the earlier conversation stay a byte-identical prompt-cache
   * prefix. `system`: appended to the system prompt.
   */
  placement?: 'system' | 'context';
  /** Also limit reads to the current session (default false: the subject's memory of every session). */
  readSessionOnly?: boolean;
  /** Lowest confidence of a memory to inject (the server's default 0.3 when absent). */
  minConfidence?: number;
  /** Capture of messages and tool calls: queue settings, or false to capture nothing. */
  capture?: (QueueOptions & { timeout?: number }) | false;
  /** `end` (default): a learn job is queued after the captures of each finished turn; `manual`: only `learn()`. */
  learn?: 'end' | 'manual';
  /** How long a turn's memory block is reused across the steps of a tool loop (ms, default 600 000). */
  turnTtl?: number;
}

/** The memory of one turn, as injected. */
export interface MemoryBlock {
  /** The delimited block put into the prompt. */
  text: string;
  packId: string;
  /** Entries in the block, in order, each with the id of its memory, artifact or event. */
  entries: Array<SynthesizeEntry & { id: string }>;
  /** An upper bound of the block's tokens (o200k), never over `maxTokens`. */
  tokens: number;
}

/** One event for the capture queue. */
export type CaptureItem = Omit<CaptureInput, 'namespace' | 'agentId' | 'subjectId' | 'sessionId'> & {
  scope: HxScope;
};

const OPEN_TAG = (packId: string) => `<hx-memory pack="${packId}">\nWhat Hx remembers of earlier conversations:\n`;
const CLOSE_TAG = '\n</hx-memory>';

/** UTF-8 bytes: an upper bound of a text's o200k tokens (every token is at least one byte). */
function bytes(text: string): number {
  return Buffer.byteLength(text);
}

const idOf = (entry: SynthesizeEntry): string => entry.provenance[0]?.sourceId ?? '';
const sourcesLine = (ids: string[]) => `\nsources: ${ids.join(' ')}`;

/**
 * The block of a synthesize result, or null when it has nothing or does not fit `budget`: the
 * server's `context` verbatim (it counted its `used` tokens), then the id of every entry's memory,
 * artifact or event. Its size is bounded by `used` plus the bytes of everything added (wrapper and
 * ids): a token is at least one byte.
 */
export function blockOf(pack: SynthesizeResult, budget: number): MemoryBlock | null {
  const entries = pack.entries.filter((e) => idOf(e));
  if (entries.length === 0 || !pack.context.trim()) return null;
  const sources = sourcesLine([...new Set(entries.map(idOf))]);
  const tokens = pack.budget.used + bytes(OPEN_TAG(pack.packId)) + bytes(CLOSE_TAG) + bytes(sources);
  if (tokens > budget) return null;
  return {
    text: `${OPEN_TAG(pack.packId)}${pack.context}${sources}${CLOSE_TAG}`,
    packId: pack.packId,
    entries: entries.map((e) => ({ ...e, id: idOf(e) })),
    tokens,
  };
}

interface TurnState {
  block: Promise<MemoryBlock | null>;
  expires: number;
  /** Tool calls seen in the model's output, by call id, with the time they were seen. */
  toolCalls: Map<string, { name: string; at: number }>;
  /** Tool results already captured, by call id. */
  toolResults: Set<string>;
  userCaptured: boolean;
  ended: boolean;
}

function clean(scope: HxScope): HxScope {
  const out: HxScope = {};
  for (const key of ['namespace', 'agentId', 'sessionId', 'subjectId'] as const) {
    const value = scope[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}

export class HxMemory {
  readonly client: Hx;
  readonly options: Readonly<HxMemoryOptions>;
  readonly #queue: BoundedQueue<CaptureItem | HxScope> | null;
  readonly #turns = new Map<string, TurnState>();
  /** Learn jobs queued by finished turns and not yet seen finished, by id, with their scope. */
  readonly #learning = new Map<string, HxScope>();
  /** Bytes of source ids per token of context, as last seen (how much room the ids need). */
  #idDensity = 0.6;

  constructor(options: HxMemoryOptions = {}) {
    this.options = { ...options };
    // Retries are the queue's (captures) or none (reads, which have a latency budget instead).
    this.client = options.client ?? new Hx({ baseUrl: options.baseUrl, apiKey: options.apiKey, maxRetries: 0 });
    const capture = options.capture;
    this.#queue =
      capture === false
        ? null
        : new BoundedQueue<CaptureItem | HxScope>(
            capture ?? {},
            (kind, items, batchId) => this.#send(kind, items, batchId),
            (error, kind, items) => {
              const scope = kind === 'learn' ? (items[0] as HxScope) : ((items[0] as CaptureItem).scope ?? {});
              this.report(kind === 'learn' ? 'learn' : 'capture', scope, error);
            },
          );
  }

  get failClosed(): boolean {
    return this.options.failMode === 'closed';
  }

  get placement(): 'system' | 'context' {
    return this.options.placement ?? 'context';
  }

  /** The scope of a call: the defaults overlaid field by field with what the call's context gives. */
  scope(...layers: Array<HxScope | undefined | null>): HxScope {
    return Object.assign({}, clean(this.options.scope ?? {}), ...layers.map((l) => clean(l ?? {})));
  }

  /** Hands a failure to `onError` (never throws from there) and answers the wrapped error. */
  report(operation: MemoryOperation, scope: HxScope, error: unknown): HxMemoryError {
    const wrapped = error instanceof HxMemoryError ? error : new HxMemoryError(operation, scope, error);
    try {
      this.options.onError?.(wrapped);
    } catch {
      // An onError hook that throws must not turn a fail-open read into a failed model call.
    }
    return wrapped;
  }

  #readScope(scope: HxScope): HxScope {
    const { sessionId, ...rest } = scope;
    return this.options.readSessionOnly ? scope : rest;
  }

  /** The memory block for `query` in `scope`, or null (nothing relevant, or a failed read when failing open). */
  async read(query: string, scope: HxScope, signal?: AbortSignal): Promise<MemoryBlock | null> {
    const budget = this.options.maxTokens ?? 1000;
    const room = budget - bytes(OPEN_TAG('pack_00000000000000000000000000')) - bytes(CLOSE_TAG);
    if (room < 48 || !query.trim()) return null;
    try {
      // The server packs `context` within what it is given; the ids added after it are not counted
      // there. Their share is guessed from the previous answers, and when a pack still overflows it
      // is asked again smaller (at most twice), so the block always fits.
      let ask = Math.floor(room / (1 + this.#idDensity));
      for (let attempt = 0; attempt < 3 && ask >= 16; attempt += 1) {
        const pack = await this.client.synthesize(
          query.slice(0, 4000),
          {
            ...this.#readScope(scope),
            maxTokens: ask,
            ...(this.options.minConfidence !== undefined ? { minConfidence: this.options.minConfidence } : {}),
          },
          { timeout: this.options.timeout ?? 5000, maxRetries: 0, signal },
        );
        const ids = bytes(sourcesLine([...new Set(pack.entries.map(idOf).filter(Boolean))]));
        if (pack.budget.used > 0) this.#idDensity = Math.min(4, Math.max(0.1, ids / pack.budget.used));
        if (pack.budget.used + ids <= room) return blockOf(pack, budget);
        ask = Math.floor(Math.min(ask - 8, room / (1 + this.#idDensity)));
      }
      return null;
    } catch (error) {
      const wrapped = this.report('synthesize', scope, error);
      if (this.failClosed) throw wrapped;
      return null;
    }
  }

  /**
   * The turn `key` names (scope and the user's message), made on first use: its memory block is read
   * once and shared by every step of the turn, and what was captured of it is remembered.
   */
  turn(key: string, query: string, scope: HxScope, signal?: AbortSignal): TurnState {
    const now = Date.now();
    const existing = this.#turns.get(key);
    if (existing && existing.expires > now) return existing;
    for (const [k, t] of this.#turns) if (t.expires <= now) this.#turns.delete(k);
    // Bounded: the oldest turns go first (a Map iterates in insertion order).
    while (this.#turns.size >= 1000) this.#turns.delete(this.#turns.keys().next().value as string);
    const block = this.read(query, scope, signal);
    const state: TurnState = {
      block,
      expires: now + (this.options.turnTtl ?? 600_000),
      toolCalls: new Map(),
      toolResults: new Set(),
      userCaptured: false,
      ended: false,
    };
    this.#turns.set(key, state);
    // A failed read is not cached when failing closed: the next step may try again.
    block.catch(() => this.#turns.delete(key));
    return state;
  }

  /** Queues an event; returns at once. Capture failures reach onError (and `flush()`), never the caller. */
  capture(event: Omit<CaptureItem, 'scope'>, scope: HxScope): void {
    if (!this.#queue) return;
    this.#queue.push('capture', { ...event, occurredAt: event.occurredAt ?? new Date().toISOString(), scope });
  }

  /** After a turn's captures: queues a learn of the scope when `learn` is `end`. */
  endTurn(scope: HxScope): void {
    if (!this.#queue || (this.options.learn ?? 'end') !== 'end') return;
    this.#queue.push('learn', scope);
  }

  /**
   * Waits until everything captured so far is stored (or given up after its retries) and the learns
   * of the turns finished so far have run, so the next session sees what was said. Call it before a
   * serverless function returns. Failing closed, it rejects with the first failure.
   */
  async flush(): Promise<{ sent: number; failed: number; dropped: number }> {
    const errors = (await this.#queue?.flush()) ?? [];
    errors.push(...(await this.#settleLearns()));
    const stats = this.stats;
    if (errors.length && this.failClosed)
      throw errors[0] instanceof HxMemoryError ? errors[0] : new HxMemoryError('capture', {}, errors[0]);
    return { sent: stats.sent, failed: stats.failed, dropped: stats.dropped };
  }

  /**
   * Waits for the learn jobs the queue started (the server runs them in the background: on a
   * deployment with a job queue, after the learn request has been answered). A job that failed, or
   * is still not finished after the capture timeout, is reported and answered as an error.
   */
  async #settleLearns(): Promise<HxMemoryError[]> {
    if (this.#learning.size === 0) return [];
    const timeout = (this.options.capture || undefined)?.timeout ?? 30_000;
    const deadline = Date.now() + timeout;
    const errors: HxMemoryError[] = [];
    for (const [id, scope] of [...this.#learning]) {
      try {
        for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
          const job = await this.client.learn.getJob({ id }, { timeout, maxRetries: 0 });
          if (job.status === 'completed') break;
          if (job.status === 'failed') throw new Error(`learn job ${id} failed: ${job.error ?? 'no reason given'}`);
          if (Date.now() + wait > deadline) throw new Error(`learn job ${id} still ${job.status} after ${timeout} ms`);
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      } catch (error) {
        errors.push(this.report('learn', scope, error));
      } finally {
        this.#learning.delete(id);
      }
    }
    return errors;
  }

  get stats(): QueueStats {
    return this.#queue?.stats ?? { enqueued: 0, sent: 0, failed: 0, dropped: 0, pending: 0 };
  }

  /** Flushes the queued captures, then compiles the scope; `wait` answers once the job finished. */
  async learn(scope: HxScope = {}, options: { wait?: boolean } = {}) {
    await this.flush();
    const s = this.scope(scope);
    try {
      return await this.client.learn({ ...this.#learnScope(s), wait: options.wait ?? true });
    } catch (error) {
      throw this.report('learn', s, error);
    }
  }

  #learnScope(scope: HxScope): HxScope {
    // The events of every session of the subject are compiled together (not only this session's).
    const { sessionId, ...rest } = scope;
    return rest;
  }

  async #send(kind: string, items: Array<CaptureItem | HxScope>, batchId: string): Promise<void> {
    const timeout = (this.options.capture || undefined)?.timeout ?? 30_000;
    if (kind === 'learn') {
      // Consecutive turns' learns arrive together: one job per distinct scope.
      const scopes = new Map(
        (items as HxScope[]).map((s) => [JSON.stringify(this.#learnScope(s)), this.#learnScope(s)]),
      );
      for (const scope of scopes.values()) {
        // Answered once the job is queued: the queue moves on, and flush() waits for the job to run.
        const job = await this.client.learn({ ...scope }, { timeout, maxRetries: 0 });
        if (job.status === 'completed') continue;
        // Bounded like the queue: past 1000, the oldest job stops being followed (it still runs).
        if (this.#learning.size >= 1000) this.#learning.delete(this.#learning.keys().next().value as string);
        this.#learning.set(job.id, scope);
      }
      return;
    }
    const events = (items as CaptureItem[]).map(({ scope, ...event }) => ({
      ...event,
      ...clean(scope),
      sessionId: scope.sessionId ?? 'default',
    })) as CaptureInput[];
    // One key for every attempt of this batch: a retry after a lost answer is answered, not stored twice.
    await this.client.captureBatch(events, { timeout, maxRetries: 0, idempotencyKey: `hx-adapter-${batchId}` });
  }

  /** The memory tools' search: ranked entries with their ids, in `scope`. */
  async search(query: string, scope: HxScope, limit = 8) {
    try {
      const pack = await this.client.synthesize(
        query,
        { ...this.#readScope(scope), maxTokens: Math.max(64, limit * 120) },
        { timeout: this.options.timeout ?? 5000, maxRetries: 0 },
      );
      return pack.entries.slice(0, limit).map((e) => ({
        id: idOf(e),
        content: e.content,
        kind: e.kind,
        section: e.section,
        score: e.score,
        confidence: e.confidence,
        date: (e.occurredAt ?? e.validFrom)?.slice(0, 10) ?? null,
        /** Every source of the entry: its memory or artifact and the events it was compiled from. */
        sources: e.provenance.map((p) => p.sourceId),
        packId: pack.packId,
      }));
    } catch (error) {
      throw this.report('search', scope, error);
    }
  }

  /** The memory tools' remember: the text is stored at once as a statement of the subject, then learned. */
  async remember(text: string, scope: HxScope) {
    try {
      const result = await this.client.capture(
        {
          type: 'message',
          ...clean(scope),
          sessionId: scope.sessionId ?? 'default',
          payload: { role: 'user', content: text },
          metadata: { source: 'memory-tool' },
        },
        { timeout: this.options.timeout ?? 5000, maxRetries: 0 },
      );
      const job = await this.client.learn(
        { ...this.#learnScope(scope), wait: true },
        { timeout: Math.max(this.options.timeout ?? 5000, 15_000), maxRetries: 0 },
      );
      return { eventId: result.eventId, learned: job.status === 'completed' };
    } catch (error) {
      throw this.report('remember', scope, error);
    }
  }

  /**
   * The memory tools' forget: deletes a memory by id, only when it belongs to `scope` (its subject,
   * agent and namespace, where the scope names them), so one user's agent cannot erase another's.
   */
  async forget(id: string, scope: HxScope) {
    try {
      if (!id.startsWith('mem_')) {
        return { id, deleted: false, reason: 'only memory ids (mem_...) can be forgotten' };
      }
      const memory: Memory = await this.client.memories.get(
        { id },
        { timeout: this.options.timeout ?? 5000, maxRetries: 0 },
      );
      const foreign =
        (scope.subjectId !== undefined && memory.subjectId !== scope.subjectId) ||
        (scope.agentId !== undefined && memory.agentId !== null && memory.agentId !== scope.agentId);
      if (foreign) return { id, deleted: false, reason: 'not a memory of this scope' };
      await this.client.memories.delete({ id }, { timeout: this.options.timeout ?? 5000, maxRetries: 0 });
      return { id, deleted: true };
    } catch (error) {
      if ((error as { status?: number }).status === 404) return { id, deleted: false, reason: 'no such memory' };
      throw this.report('forget', scope, error);
    }
  }
}

/** The text of a message's content: a string, or the text parts of a list of parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      const p = part as { type?: string; text?: unknown };
      return (p.type === 'text' || p.type === 'input_text' || p.type === 'output_text') && typeof p.text === 'string'
        ? p.text
        : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** A stable key of a turn: the scope and the user's message (with its position in the conversation). */
export function turnKey(scope: HxScope, userIndex: number, text: string): string {
  return JSON.stringify([scope.namespace, scope.agentId, scope.sessionId, scope.subjectId, userIndex, text]);
}

/** JSON text of a value, cut to `max` characters (tool inputs and outputs can be large). */
export function jsonText(value: unknown, max = 8000): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
