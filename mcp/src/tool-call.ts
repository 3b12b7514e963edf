/**
 * How every tool, resource and prompt runs: within a deadline (the client's cancellation included),
 * with the Hx error envelope turned into an MCP tool error (isError: true, the envelope's code and
 * message) instead of a protocol error or a crash, and with its text cut to the output budget.
 */
import { APIUserAbortError, HxError } from '@hx-memory/sdk';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fitText } from './output.js';

export interface ToolLimits {
  /** Wall-clock bound of one call, retries and learn polling included. */
  timeoutMs: number;
  /** Characters of text a tool answers at most (about 4 per token). */
  maxOutputChars: number;
}

export const DEFAULT_LIMITS: ToolLimits = { timeoutMs: 25_000, maxOutputChars: 32_000 };

/** A mistake the tool itself detects (e.g. two fields that exclude each other), named by field. */
export class ToolInputError extends Error {
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

class DeadlineError extends Error {
  constructor(timeoutMs: number) {
    super(`Hx did not answer within ${timeoutMs} ms; the operation may still complete on the server`);
  }
}

export interface CallContext {
  /** Aborted at the deadline or when the client cancels the request: pass it to every SDK call. */
  signal: AbortSignal;
  /** Milliseconds left before the deadline. */
  remainingMs(): number;
}

/** Runs `fn` with a signal that aborts at the deadline; whatever `fn` awaits, it settles by then. */
export async function withDeadline<T>(
  limits: ToolLimits,
  clientSignal: AbortSignal | undefined,
  fn: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + limits.timeoutMs;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const signal = clientSignal ? AbortSignal.any([clientSignal, timer.signal]) : timer.signal;
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new APIUserAbortError()), { once: true });
  });
  aborted.catch(() => {});
  try {
    return await Promise.race([fn({ signal, remainingMs: () => deadline - Date.now() }), aborted]);
  } catch (err) {
    throw timer.signal.aborted ? new DeadlineError(limits.timeoutMs) : err;
  } finally {
    clearTimeout(timeout);
  }
}

/** The envelope code and message of any failure, with its details and request id as extra lines. */
export function describeError(err: unknown): { code: string; message: string; lines: string[] } {
  if (err instanceof DeadlineError) return { code: 'timeout', message: err.message, lines: [] };
  if (err instanceof ToolInputError) return { code: 'validation_error', message: err.message, lines: [] };
  if (err instanceof APIUserAbortError) return { code: 'cancelled', message: 'The request was cancelled', lines: [] };
  if (err instanceof HxError) {
    const lines = err.details.map((d) => `- ${d.field}: ${d.message}`);
    if (err.requestId) lines.push(`(request ${err.requestId})`);
    // No status: no HTTP answer at all (refused, DNS, reset).
    const code = err.code ?? (err.status ? `http_${err.status}` : 'connection_error');
    return { code, message: err.message, lines };
  }
  return { code: 'internal_error', message: err instanceof Error ? err.message : String(err), lines: [] };
}

export function toolError(code: string, message: string, lines: string[] = []): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: [`Error ${code}: ${message}`, ...lines].join('\n') }] };
}

/** A tool's answer: its text within the budget, or a tool error. */
export async function runTool(
  limits: ToolLimits,
  clientSignal: AbortSignal | undefined,
  fn: (ctx: CallContext) => Promise<string>,
): Promise<CallToolResult> {
  try {
    const text = await withDeadline(limits, clientSignal, fn);
    return { content: [{ type: 'text', text: fitText(text, limits.maxOutputChars) }] };
  } catch (err) {
    const { code, message, lines } = describeError(err);
    return toolError(code, message, lines);
  }
}

/** Resources and prompts have no isError result: their failures are JSON-RPC errors naming the code. */
export async function runRead<T>(
  limits: ToolLimits,
  clientSignal: AbortSignal | undefined,
  fn: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  try {
    return await withDeadline(limits, clientSignal, fn);
  } catch (err) {
    const { code, message } = describeError(err);
    const rpcCode =
      code === 'not_found' || code === 'validation_error' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
    throw new McpError(rpcCode, `${code}: ${message}`, { code });
  }
}
