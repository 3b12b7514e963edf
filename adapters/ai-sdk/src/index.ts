/**
 * @hx-memory/ai-sdk: Hx memory for the Vercel AI SDK 6 and 7.
 *
 * `hxMemory(options)` answers a memory whose `.middleware` goes into `wrapLanguageModel`: before
 * each model call it injects the turn's memory block (synthesized once per turn, reused by every
 * step of a tool loop), and after it queues the captures (the user's message, the assistant's
 * text, tool calls and their results with durations and errors) without holding the reply. The
 * scope comes with each call: `providerOptions: { hx: { subjectId, sessionId, ... } }`, or a
 * `scope(params)` function. `.tools()` gives search, remember and forget tools.
 *
 * The middleware is written against the shapes the v3 (AI SDK 6) and v4 (AI SDK 7) model
 * specifications share (prompt messages, content parts, stream parts), so one object serves both.
 */
import { type HxMemoryOptions, type HxScope, HxMemory, jsonText, textOf, turnKey } from '../../core/memory.js';
import { jsonSchema, type LanguageModelMiddleware, tool } from 'ai';

export { HxMemory, HxMemoryError, blockOf } from '../../core/memory.js';
export type { HxMemoryOptions, HxScope, MemoryBlock, MemoryOperation } from '../../core/memory.js';

/** The parts of a model call's parameters this middleware reads or changes (v3 and v4 alike). */
interface Message {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: unknown;
  providerOptions?: Record<string, unknown>;
}
interface CallParams {
  prompt: Message[];
  providerOptions?: Record<string, Record<string, unknown> | undefined>;
  abortSignal?: AbortSignal;
  [key: string]: unknown;
}
interface ContentPart {
  type: string;
  text?: string;
  delta?: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
  output?: { type: string; value?: unknown };
}

export interface HxAiSdkOptions extends HxMemoryOptions {
  /**
   * The scope of a call from its parameters (beyond `providerOptions.hx`, which wins field by field),
   * e.g. `({ params }) => ({ subjectId: params.headers?.['x-user-id'] })`.
   */
  scopeOf?: (call: { params: CallParams }) => HxScope | undefined;
}

/** The scope a call names in `providerOptions.hx`. */
function scopeInOptions(params: CallParams): HxScope | undefined {
  const hx = params.providerOptions?.hx as HxScope | undefined;
  return hx && typeof hx === 'object' ? hx : undefined;
}

/** Index of the latest user message, and its text. */
function latestUser(prompt: Message[]): { index: number; ordinal: number; text: string } | null {
  let ordinal = 0;
  let found: { index: number; ordinal: number; text: string } | null = null;
  for (const [index, message] of prompt.entries()) {
    if (message.role !== 'user') continue;
    ordinal += 1;
    found = { index, ordinal, text: textOf(message.content) };
  }
  return found?.text.trim() ? found : null;
}

/** The prompt with the block placed: before the latest user message, or appended to the system text. */
function place(prompt: Message[], block: string, placement: 'system' | 'context', userIndex: number): Message[] {
  if (placement === 'system') {
    const index = prompt.findIndex((m) => m.role === 'system');
    if (index < 0) return [{ role: 'system', content: block }, ...prompt];
    const out = [...prompt];
    out[index] = { ...prompt[index], role: 'system', content: `${prompt[index]?.content as string}\n\n${block}` };
    return out;
  }
  return [
    ...prompt.slice(0, userIndex),
    { role: 'user', content: [{ type: 'text', text: block }] },
    ...prompt.slice(userIndex),
  ];
}

/** An error text of a tool result output, when it is one. */
function toolError(output: ContentPart['output']): string | undefined {
  if (!output) return undefined;
  if (output.type === 'error-text' || output.type === 'error-json') return jsonText(output.value, 2000);
  if (output.type === 'execution-denied') return 'execution denied';
  return undefined;
}

export class HxAiSdkMemory extends HxMemory {
  readonly #scopeOf: HxAiSdkOptions['scopeOf'];

  constructor(options: HxAiSdkOptions = {}) {
    super(options);
    this.#scopeOf = options.scopeOf;
  }

  /** The middleware for `wrapLanguageModel({ model, middleware: memory.middleware })`. */
  get middleware(): LanguageModelMiddleware {
    const self = this;
    type Turn = ReturnType<HxMemory['turn']>;
    const state = new WeakMap<object, { turn: Turn; scope: HxScope }>();

    /** Captures the user's message and the results of the previous step's tool calls, once each. */
    const captureInputs = (params: CallParams, turn: Turn, scope: HxScope, userIndex: number) => {
      if (!turn.userCaptured) {
        turn.userCaptured = true;
        const content = textOf(params.prompt[userIndex]?.content);
        self.capture({ type: 'message', payload: { role: 'user', content } }, scope);
      }
      for (const message of params.prompt.slice(userIndex + 1)) {
        if (message.role !== 'tool' || !Array.isArray(message.content)) continue;
        for (const part of message.content as ContentPart[]) {
          if (part.type !== 'tool-result' || !part.toolCallId || turn.toolResults.has(part.toolCallId)) continue;
          turn.toolResults.add(part.toolCallId);
          const call = turn.toolCalls.get(part.toolCallId);
          const error = toolError(part.output);
          self.capture(
            {
              type: 'tool_result',
              payload: {
                tool: part.toolName,
                toolCallId: part.toolCallId,
                output: error ? undefined : jsonText(part.output?.value),
                ...(error ? { error } : {}),
                // From the model's call to the next step: the tool's run plus the SDK's own time.
                ...(call ? { durationMs: Date.now() - call.at } : {}),
              },
            },
            scope,
          );
        }
      }
    };

    /** Captures what the model answered; the turn ends (and learn is queued) when it called no tool. */
    const captureOutput = (
      turn: Turn,
      scope: HxScope,
      text: string,
      calls: ContentPart[],
      extra: Record<string, unknown> = {},
    ) => {
      for (const call of calls) {
        if (!call.toolCallId) continue;
        turn.toolCalls.set(call.toolCallId, { name: call.toolName ?? '', at: Date.now() });
        let input = call.input;
        if (typeof input === 'string') {
          try {
            input = JSON.parse(input);
          } catch {
            // Kept as the model wrote it.
          }
        }
        self.capture(
          { type: 'tool_call', payload: { tool: call.toolName, toolCallId: call.toolCallId, input } },
          scope,
        );
      }
      if (text.trim()) {
        self.capture({ type: 'message', payload: { role: 'assistant', content: text }, metadata: extra }, scope);
      }
      if (calls.length === 0 && !turn.ended) {
        turn.ended = true;
        self.endTurn(scope);
      }
    };

    const middleware = {
      specificationVersion: 'v3' as const,
      async transformParams({ params: raw }: { params: unknown }) {
        const params = raw as CallParams;
        const user = latestUser(params.prompt);
        if (!user) return params;
        const scope = self.scope(self.#scopeOf?.({ params }), scopeInOptions(params));
        const turn = self.turn(turnKey(scope, user.ordinal, user.text), user.text, scope, params.abortSignal);
        captureInputs(params, turn, scope, user.index);
        const block = await turn.block;
        const out: CallParams = block
          ? { ...params, prompt: place(params.prompt, block.text, self.placement, user.index) }
          : { ...params };
        state.set(out, { turn, scope });
        return out;
      },
      async wrapGenerate({ doGenerate, params }: { doGenerate: () => PromiseLike<unknown>; params: unknown }) {
        const result = (await doGenerate()) as { content: ContentPart[] };
        const known = state.get(params as object);
        if (known) {
          const text = result.content
            .filter((p) => p.type === 'text')
            .map((p) => p.text ?? '')
            .join('');
          captureOutput(
            known.turn,
            known.scope,
            text,
            result.content.filter((p) => p.type === 'tool-call'),
          );
        }
        return result;
      },
      async wrapStream({ doStream, params }: { doStream: () => PromiseLike<unknown>; params: unknown }) {
        const result = (await doStream()) as { stream: ReadableStream<ContentPart> };
        const known = state.get(params as object);
        if (!known) return result;
        let text = '';
        const calls: ContentPart[] = [];
        let done = false;
        const finish = (extra?: Record<string, unknown>) => {
          if (done) return;
          done = true;
          captureOutput(known.turn, known.scope, text, calls, extra);
        };
        // An aborted call (the user went away) ends the turn with what was said so far.
        (params as CallParams).abortSignal?.addEventListener('abort', () => finish({ interrupted: true }), {
          once: true,
        });
        const reader = result.stream.getReader();
        // A pull-through stream rather than a TransformStream: its cancel() tells a consumer that
        // stopped reading (an aborted request) from a finished answer.
        const stream = new ReadableStream<ContentPart>({
          async pull(controller) {
            try {
              const { done: end, value } = await reader.read();
              if (end) {
                finish();
                controller.close();
                return;
              }
              if (value.type === 'text-delta') text += value.delta ?? value.text ?? '';
              else if (value.type === 'tool-call') calls.push(value);
              else if (value.type === 'error')
                finish({ interrupted: true, error: jsonText((value as { error?: unknown }).error, 500) });
              controller.enqueue(value);
            } catch (error) {
              finish({ interrupted: true });
              controller.error(error);
            }
          },
          async cancel(reason) {
            finish({ interrupted: true });
            await reader.cancel(reason);
          },
        });
        return { ...result, stream };
      },
    };
    return middleware as unknown as LanguageModelMiddleware;
  }

  /**
   * Memory tools for agents that manage their memory themselves: `hx_search`, `hx_remember`,
   * `hx_forget`. The scope of each call comes from its tool context, `experimental_context: { hx:
   * {...} }` (AI SDK 6) or the tool's `context` (AI SDK 7: `toolsContext: { hx_search: { hx } }`),
   * else from `options.scopeOf(toolOptions)`, else `options.scope` (tools made per request).
   */
  tools(options: { scope?: HxScope; scopeOf?: (toolOptions: Record<string, unknown>) => HxScope | undefined } = {}) {
    const scopeOf = (toolOptions: unknown): HxScope => {
      const o = (toolOptions ?? {}) as Record<string, unknown>;
      const context = (o.experimental_context ?? o.context) as { hx?: HxScope } | undefined;
      return this.scope(options.scope, options.scopeOf?.(o), context?.hx);
    };
    return {
      hx_search: tool({
        description: 'Search long-term memory (Hx). Answers entries with their ids, newest facts first.',
        inputSchema: jsonSchema<{ query: string; limit?: number }>({
          type: 'object',
          properties: {
            query: { type: 'string', description: 'What to look for' },
            limit: { type: 'integer', minimum: 1, maximum: 20 },
          },
          required: ['query'],
          additionalProperties: false,
        }),
        execute: async ({ query, limit }, toolOptions) => ({
          results: await this.search(query, scopeOf(toolOptions), limit ?? 8),
        }),
      }),
      hx_remember: tool({
        description: 'Store a fact or preference about the user in long-term memory (Hx).',
        inputSchema: jsonSchema<{ text: string }>({
          type: 'object',
          properties: {
            text: { type: 'string', description: 'A short first-person statement, e.g. "I live in Porto"' },
          },
          required: ['text'],
          additionalProperties: false,
        }),
        execute: async ({ text }, toolOptions) => this.remember(text, scopeOf(toolOptions)),
      }),
      hx_forget: tool({
        description: 'Delete one memory by its id (mem_...), as found by hx_search.',
        inputSchema: jsonSchema<{ id: string }>({
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        }),
        execute: async ({ id }, toolOptions) => this.forget(id, scopeOf(toolOptions)),
      }),
    };
  }
}

/**
 * Hx memory for the AI SDK: `wrapLanguageModel({ model, middleware: memory.middleware })`, then
 * `providerOptions: { hx: { subjectId, sessionId } }` on each call, and `await memory.flush()`
 * before a serverless function returns.
 */
export function hxMemory(options: HxAiSdkOptions = {}): HxAiSdkMemory {
  return new HxAiSdkMemory(options);
}
