/**
 * @hx-memory/openai-agents: Hx memory for the OpenAI Agents SDK (`@openai/agents`).
 *
 * - `memory.inputFilter`: a `callModelInputFilter` that puts the turn's memory block into the model
 *   input (synthesized once per turn, reused by every model call of the turn's tool loop).
 * - `memory.session(id)`: a Session that keeps the conversation (in a session of yours, by default
 *   the SDK's MemorySession) and captures every message added to it into Hx.
 * - `memory.attach(runner)`: run hooks that capture each tool call and its result with its duration.
 * - `memory.tools()`: search, remember and forget tools.
 *
 * The scope of a run comes from its context (`run(agent, input, { context: { hx: {...} } })`, or
 * `context.userId` / `context.subjectId`), the session's id, or `scopeOf(context)`.
 */
import {
  type AgentInputItem,
  type CallModelInputFilter,
  MemorySession,
  type RunContext,
  type Runner,
  type Session,
  tool,
} from '@openai/agents';
import { type HxMemoryOptions, type HxScope, HxMemory, jsonText, textOf, turnKey } from '../../core/memory.js';

export { HxMemory, HxMemoryError, blockOf } from '../../core/memory.js';
export type { HxMemoryOptions, HxScope, MemoryBlock, MemoryOperation } from '../../core/memory.js';

export interface HxAgentsOptions extends HxMemoryOptions {
  /** The scope of a run from its context object, beyond what is read by default (wins field by field). */
  scopeOf?: (context: unknown) => HxScope | undefined;
}

type Item = Record<string, unknown>;

/** The scope a run's context names: `hx`, or `userId` / `subjectId` / `agentId` / `namespace`. */
function scopeInContext(context: unknown): HxScope {
  const c = (context ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    subjectId: str(c.subjectId) ?? str(c.userId),
    agentId: str(c.agentId),
    namespace: str(c.namespace),
    sessionId: str(c.sessionId),
    ...(c.hx as HxScope | undefined),
  };
}

const isUser = (item: Item) => item.role === 'user' && (item.type === undefined || item.type === 'message');
const isAssistant = (item: Item) => item.role === 'assistant' && (item.type === undefined || item.type === 'message');

export class HxAgentsMemory extends HxMemory {
  readonly #scopeOf: HxAgentsOptions['scopeOf'];
  /** Tool calls in flight, by call id: when they started. */
  readonly #toolStarts = new Map<string, number>();
  /** The session of each run that has one (its hooks capture under the session's id). */
  readonly #runSessions = new WeakMap<object, string>();

  constructor(options: HxAgentsOptions = {}) {
    super(options);
    this.#scopeOf = options.scopeOf;
  }

  /** The scope of a run with `context` (the object given as `run(..., { context })`). */
  scopeFor(context: unknown, ...more: Array<HxScope | undefined>): HxScope {
    return this.scope(this.#scopeOf?.(context), scopeInContext(context), ...more);
  }

  /** `callModelInputFilter`: the memory block of the turn, placed before the latest user message (or in the instructions). */
  get inputFilter(): CallModelInputFilter {
    return async ({ modelData, context }) => {
      const input = modelData.input as unknown as Item[];
      let index = -1;
      let ordinal = 0;
      for (const [i, item] of input.entries()) {
        if (!isUser(item)) continue;
        index = i;
        ordinal += 1;
      }
      const text = index >= 0 ? textOf(input[index]?.content) : '';
      if (!text.trim()) return modelData;
      const scope = this.scopeFor(context);
      const turn = this.turn(turnKey(scope, ordinal, text), text, scope);
      const block = await turn.block;
      if (!block) return modelData;
      if (this.placement === 'system') {
        return { ...modelData, instructions: `${modelData.instructions ?? ''}\n\n${block.text}`.trim() };
      }
      const next = [...input];
      next.splice(index, 0, { role: 'user', content: block.text });
      return { ...modelData, input: next as unknown as AgentInputItem[] };
    };
  }

  /**
   * A Session keeping the conversation in `history` (default: a MemorySession of this id) and
   * capturing into Hx each message added to it: the user's, and the assistant's (which ends the
   * turn: a learn is queued). Tool calls are captured by `attach(runner)`, with their durations.
   */
  session(
    sessionId: string,
    options: { history?: Session; scope?: HxScope } = {},
  ): Session & { readonly acceptsRunContext: true } {
    const memory = this;
    const history = options.history ?? new MemorySession({ sessionId });
    return {
      acceptsRunContext: true as const,
      getSessionId: () => history.getSessionId(),
      // The runner reads the history first, with its run context: from then on the run's hooks
      // know its session.
      getItems: (limit?: number, runContext?: RunContext<unknown>) => {
        if (runContext) memory.#runSessions.set(runContext, sessionId);
        return history.getItems(limit);
      },
      popItem: () => history.popItem(),
      clearSession: () => history.clearSession(),
      async addItems(items: AgentInputItem[], runContext?: RunContext<unknown>) {
        await history.addItems(items);
        if (runContext) memory.#runSessions.set(runContext, sessionId);
        const scope = memory.scopeFor(runContext?.context, options.scope, { sessionId });
        let answered = false;
        for (const item of items as unknown as Item[]) {
          if (isUser(item)) {
            memory.capture({ type: 'message', payload: { role: 'user', content: textOf(item.content) } }, scope);
          } else if (isAssistant(item)) {
            const content = textOf(item.content);
            if (content.trim()) memory.capture({ type: 'message', payload: { role: 'assistant', content } }, scope);
            answered = true;
          }
        }
        const last = (items as unknown as Item[]).at(-1);
        if (answered && last && isAssistant(last)) memory.endTurn(scope);
      },
    };
  }

  #runScope(context: RunContext<unknown>): HxScope {
    const sessionId = this.#runSessions.get(context);
    return this.scopeFor(context.context, sessionId ? { sessionId } : undefined);
  }

  /** Run hooks on `runner`: each tool call and its result captured, with its duration. Answers `detach`. */
  attach(runner: Runner): () => void {
    const start = (context: RunContext<unknown>, _agent: unknown, _tool: unknown, details: { toolCall: Item }) => {
      const call = details.toolCall;
      const id = String(call.callId ?? call.id ?? '');
      this.#toolStarts.set(id, Date.now());
      let input: unknown = call.arguments;
      try {
        input = JSON.parse(String(call.arguments));
      } catch {
        // Kept as the model wrote it.
      }
      this.capture({ type: 'tool_call', payload: { tool: call.name, toolCallId: id, input } }, this.#runScope(context));
    };
    const end = (
      context: RunContext<unknown>,
      _agent: unknown,
      _tool: unknown,
      result: string,
      details: { toolCall: Item },
    ) => {
      const call = details.toolCall;
      const id = String(call.callId ?? call.id ?? '');
      const started = this.#toolStarts.get(id);
      this.#toolStarts.delete(id);
      // The SDK turns a tool's exception into its result text (its default error function).
      const failed = /^An error occurred while running the tool/i.test(result);
      this.capture(
        {
          type: 'tool_result',
          payload: {
            tool: call.name,
            toolCallId: id,
            ...(started !== undefined ? { durationMs: Date.now() - started } : {}),
            ...(failed ? { error: jsonText(result, 2000) } : { output: jsonText(result) }),
          },
        },
        this.#runScope(context),
      );
    };
    // biome-ignore lint/suspicious/noExplicitAny: the hook signatures are generic over the run's context type
    const r = runner as any;
    r.on('agent_tool_start', start);
    r.on('agent_tool_end', end);
    return () => {
      r.off('agent_tool_start', start);
      r.off('agent_tool_end', end);
    };
  }

  /** `hx_search`, `hx_remember`, `hx_forget`, scoped by the run's context. */
  tools() {
    const scopeOf = (runContext?: RunContext<unknown>) => this.scopeFor(runContext?.context);
    return [
      tool({
        name: 'hx_search',
        description: 'Search long-term memory (Hx). Answers entries with their ids.',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 20 } },
          required: ['query', 'limit'],
          additionalProperties: false,
        },
        strict: true,
        execute: async (input, runContext) => {
          const { query, limit } = input as { query: string; limit?: number };
          return JSON.stringify({ results: await this.search(query, scopeOf(runContext), limit ?? 8) });
        },
      }),
      tool({
        name: 'hx_remember',
        description: 'Store a fact or preference about the user in long-term memory (Hx).',
        parameters: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
          additionalProperties: false,
        },
        strict: true,
        execute: async (input, runContext) =>
          JSON.stringify(await this.remember((input as { text: string }).text, scopeOf(runContext))),
      }),
      tool({
        name: 'hx_forget',
        description: 'Delete one memory by its id (mem_...), as found by hx_search.',
        parameters: {
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        },
        strict: true,
        execute: async (input, runContext) =>
          JSON.stringify(await this.forget((input as { id: string }).id, scopeOf(runContext))),
      }),
    ];
  }
}

/** Hx memory for the OpenAI Agents SDK. */
export function hxMemory(options: HxAgentsOptions = {}): HxAgentsMemory {
  return new HxAgentsMemory(options);
}
