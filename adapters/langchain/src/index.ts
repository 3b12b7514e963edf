/**
 * @hx-memory/langchain: Hx memory for LangChain.js / LangGraph.js 1.x.
 *
 * - `memory.middleware()`: agent middleware for `createAgent({ middleware: [...] })`. Around each
 *   model call it injects the turn's memory block (synthesized once per turn, reused by every step
 *   of the agent's tool loop) and queues the captures of the user's message and the model's answer;
 *   around each tool call it captures the call and its result, with its duration and error.
 * - `memory.retriever()`: a retriever whose documents carry their provenance in `metadata`.
 * - `memory.tools()`: search, remember and forget tools.
 * - `HxStore`: a LangGraph `BaseStore` backed by Hx's store (store.ts).
 *
 * The scope of every call comes from the agent's runtime: `context: { hx: { subjectId, ... } }`
 * (or `context.userId` / `context.subjectId`, or `configurable.hx`), the thread id as the session, or
 * `scopeOf(runtime)`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import { Document } from '@langchain/core/documents';
import { type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { BaseRetriever } from '@langchain/core/retrievers';
import { tool } from '@langchain/core/tools';
import { createMiddleware } from 'langchain';
import { type HxMemoryOptions, type HxScope, HxMemory, jsonText, textOf, turnKey } from '../../core/memory.js';

export { HxMemory, HxMemoryError, blockOf } from '../../core/memory.js';
export { HxStore, type HxStoreOptions } from './store.js';
export type { HxMemoryOptions, HxScope, MemoryBlock, MemoryOperation } from '../../core/memory.js';

/** What the middleware and tools read of LangChain's runtime (agent runtime or tool runtime). */
interface RuntimeLike {
  context?: unknown;
  configurable?: { thread_id?: string; [key: string]: unknown };
}

export interface HxLangChainOptions extends HxMemoryOptions {
  /** The scope of a call from the runtime, beyond what is read by default (wins field by field). */
  scopeOf?: (runtime: RuntimeLike) => HxScope | undefined;
}

/** The scope the runtime names: `context.hx`, or `context.userId`/`subjectId`, and the thread as session. */
function scopeInRuntime(runtime: RuntimeLike | undefined): HxScope {
  const context = (runtime?.context ?? {}) as Record<string, unknown>;
  const configurable = runtime?.configurable ?? {};
  const hx = { ...(configurable.hx as HxScope | undefined), ...(context.hx as HxScope | undefined) };
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    sessionId: str(configurable.thread_id),
    subjectId: str(context.subjectId) ?? str(context.userId),
    agentId: str(context.agentId),
    namespace: str(context.namespace),
    ...hx,
  };
}

const typeOf = (m: BaseMessage): string => (m as { type?: string }).type ?? m.getType();

function latestHuman(messages: BaseMessage[]): { index: number; ordinal: number; text: string } | null {
  let ordinal = 0;
  let found: { index: number; ordinal: number; text: string } | null = null;
  for (const [index, message] of messages.entries()) {
    if (typeOf(message) !== 'human') continue;
    ordinal += 1;
    found = { index, ordinal, text: textOf(message.content) };
  }
  return found?.text.trim() ? found : null;
}

export class HxLangChainMemory extends HxMemory {
  readonly #scopeOf: HxLangChainOptions['scopeOf'];
  readonly #retrieverScope = new AsyncLocalStorage<HxScope>();

  constructor(options: HxLangChainOptions = {}) {
    super(options);
    this.#scopeOf = options.scopeOf;
  }

  /** The scope of a call made with `runtime`. */
  scopeFor(runtime: RuntimeLike | undefined): HxScope {
    return this.scope(this.#scopeOf?.(runtime ?? {}), scopeInRuntime(runtime));
  }

  /** Agent middleware: inject before the model, capture after it and around every tool call. */
  middleware(name = 'HxMemory') {
    return createMiddleware({
      name,
      wrapModelCall: async (request, handler) => {
        const runtime = request.runtime as RuntimeLike;
        const human = latestHuman(request.messages);
        if (!human) return handler(request);
        const scope = this.scopeFor(runtime);
        const turn = this.turn(turnKey(scope, human.ordinal, human.text), human.text, scope);
        if (!turn.userCaptured) {
          turn.userCaptured = true;
          this.capture({ type: 'message', payload: { role: 'user', content: human.text } }, scope);
        }
        const block = await turn.block;
        let next = request;
        if (block && this.placement === 'system') {
          next = { ...request, systemMessage: request.systemMessage.concat(`\n\n${block.text}`) };
        } else if (block) {
          // Only the messages sent to the model get the block; the agent's state keeps the conversation as it was.
          const messages = [...request.messages];
          messages.splice(human.index, 0, new HumanMessage({ content: block.text, id: `hx-memory-${block.packId}` }));
          next = { ...request, messages };
        }
        const answer = await handler(next);
        const calls = (answer as { tool_calls?: unknown[] }).tool_calls ?? [];
        const text = textOf((answer as { content?: unknown }).content);
        if (text.trim()) this.capture({ type: 'message', payload: { role: 'assistant', content: text } }, scope);
        if (calls.length === 0 && !turn.ended) {
          turn.ended = true;
          this.endTurn(scope);
        }
        return answer;
      },
      wrapToolCall: async (request, handler) => {
        const scope = this.scopeFor(request.runtime as RuntimeLike);
        const { toolCall } = request;
        this.capture(
          { type: 'tool_call', payload: { tool: toolCall.name, toolCallId: toolCall.id, input: toolCall.args } },
          scope,
        );
        const started = Date.now();
        const captureResult = (outcome: { output: string } | { error: string }) =>
          this.capture(
            {
              type: 'tool_result',
              payload: { tool: toolCall.name, toolCallId: toolCall.id, durationMs: Date.now() - started, ...outcome },
            },
            scope,
          );
        try {
          const result = await handler(request);
          const message = result as { content?: unknown; status?: string };
          captureResult(
            message.status === 'error'
              ? { error: jsonText(message.content, 2000) }
              : { output: jsonText(message.content ?? result) },
          );
          return result;
        } catch (error) {
          captureResult({ error: error instanceof Error ? error.message : String(error) });
          throw error;
        }
      },
    });
  }

  /**
   * A retriever over Hx memory: one Document per synthesized entry, its `metadata` the provenance
   * (`id`, `sources`, `kind`, `section`, `score`, `confidence`, `date`, `packId`). The scope is the
   * memory's default, overlaid with `config.configurable.hx` of each `invoke(query, config)`.
   */
  retriever(options: { k?: number; scope?: HxScope } = {}): BaseRetriever {
    const self = this;
    const storage = this.#retrieverScope;
    class HxRetriever extends BaseRetriever {
      lc_namespace = ['hx-memory', 'retrievers'];
      override async invoke(input: string, config?: Parameters<BaseRetriever['invoke']>[1]) {
        const configurable = (config as { configurable?: { hx?: HxScope; thread_id?: string } } | undefined)
          ?.configurable;
        const scope = self.scope(options.scope, configurable?.hx);
        return storage.run(scope, () => super.invoke(input, config));
      }
      async _getRelevantDocuments(query: string, _run?: CallbackManagerForRetrieverRun): Promise<Document[]> {
        const scope = storage.getStore() ?? self.scope(options.scope);
        const entries = await self.search(query, scope, options.k ?? 8);
        return entries.map(
          (e) =>
            new Document({
              pageContent: e.content,
              id: e.id,
              metadata: {
                id: e.id,
                sources: e.sources,
                kind: e.kind,
                section: e.section,
                score: e.score,
                confidence: e.confidence,
                date: e.date,
                packId: e.packId,
              },
            }),
        );
      }
    }
    return new HxRetriever();
  }

  /** `hx_search`, `hx_remember`, `hx_forget` for agents that manage their memory; scoped by the tool runtime. */
  tools() {
    const scopeOf = (runtime: unknown) => this.scopeFor(runtime as RuntimeLike);
    return [
      tool(
        async (input: { query: string; limit?: number }, runtime) =>
          JSON.stringify({ results: await this.search(input.query, scopeOf(runtime), input.limit ?? 8) }),
        {
          name: 'hx_search',
          description: 'Search long-term memory (Hx). Answers entries with their ids.',
          schema: {
            type: 'object',
            properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 20 } },
            required: ['query'],
          },
        },
      ),
      tool(
        async (input: { text: string }, runtime) => JSON.stringify(await this.remember(input.text, scopeOf(runtime))),
        {
          name: 'hx_remember',
          description: 'Store a fact or preference about the user in long-term memory (Hx).',
          schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      ),
      tool(async (input: { id: string }, runtime) => JSON.stringify(await this.forget(input.id, scopeOf(runtime))), {
        name: 'hx_forget',
        description: 'Delete one memory by its id (mem_...), as found by hx_search.',
        schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      }),
    ];
  }
}

/** Hx memory for LangChain: `createAgent({ model, middleware: [memory.middleware()] })`. */
export function hxMemory(options: HxLangChainOptions = {}): HxLangChainMemory {
  return new HxLangChainMemory(options);
}
