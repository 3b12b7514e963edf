/** The Hx MCP server: six tools, two resources and one prompt over an Hx SDK client. */
import type { Hx } from '@hx-memory/sdk';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { DEFAULT_LIMITS, type ToolLimits } from './tool-call.js';
import type { McpDeps } from './tools/deps.js';
import { registerForget } from './tools/forget.js';
import { registerGetArtifact } from './tools/get-artifact.js';
import { registerLearn } from './tools/learn.js';
import { registerRecall } from './tools/recall.js';
import { registerRemember } from './tools/remember.js';
import { registerSearchMemories } from './tools/search-memories.js';

export interface HxMcpOptions {
  /** The client the tools call; its API key decides what they may see and do. */
  hx: Hx;
  limits?: Partial<ToolLimits>;
  /** Reported to clients in serverInfo. */
  version?: string;
}

/** Shown to the model at initialization: when to use which tool. */
export const INSTRUCTIONS = [
  'Hx is long-term memory. Use recall before answering anything that may depend on earlier conversations or on what you know about the user;',
  'use remember for facts, preferences, instructions and decisions worth keeping (set subjectId to the person they are about);',
  'run learn after remembering to compile profiles and summaries; search_memories and get_artifact browse what was compiled;',
  'forget deletes a subject or a memory for good, so use it only when asked.',
].join(' ');

/**
 * A tool's input schema as JSON Schema with every field inline: the MCP SDK converts with
 * zod-to-json-schema's default `$refStrategy: 'root'`, which turns a zod schema used twice (a shared
 * field, a contract enum) into a `$ref` to its first use, so clients showed no description for the
 * field and some did not resolve the reference at all. `'none'` repeats the schema where it is used.
 */
export function inlineInputSchema(schema: AnySchema | undefined): Record<string, unknown> {
  if (!schema) return { type: 'object', properties: {} };
  const { $schema: _draft, ...json } = zodToJsonSchema(schema as ZodTypeAny, {
    $refStrategy: 'none',
    strictUnions: true,
    pipeStrategy: 'input',
  }) as Record<string, unknown>;
  return json;
}

export function createHxMcpServer(options: HxMcpOptions): McpServer {
  const server = new McpServer(
    { name: 'hx', title: 'Hx memory', version: options.version ?? '0.1.0' },
    { instructions: INSTRUCTIONS },
  );
  // Every tool registered is kept here, so tools/list can be answered with inline schemas.
  const tools = new Map<string, RegisteredTool>();
  const register = server.registerTool.bind(server) as (name: string, ...rest: unknown[]) => RegisteredTool;
  server.registerTool = ((name: string, ...rest: unknown[]) => {
    const tool = register(name, ...rest);
    tools.set(name, tool);
    return tool;
  }) as typeof server.registerTool;

  const deps: McpDeps = { hx: options.hx, limits: { ...DEFAULT_LIMITS, ...options.limits } };
  registerRemember(server, deps);
  registerRecall(server, deps);
  registerSearchMemories(server, deps);
  registerGetArtifact(server, deps);
  registerForget(server, deps);
  registerLearn(server, deps);
  registerResources(server, deps);
  registerPrompts(server, deps);

  // Replaces the SDK's tools/list handler (installed by the first registerTool) with the same answer
  // but inline input schemas; tools/call stays the SDK's, which validates with the zod schemas.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools]
      .filter(([, tool]) => tool.enabled)
      .map(([name, tool]) => ({
        name,
        ...(tool.title ? { title: tool.title } : {}),
        ...(tool.description ? { description: tool.description } : {}),
        inputSchema: inlineInputSchema(tool.inputSchema) as { type: 'object' },
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        ...(tool._meta ? { _meta: tool._meta } : {}),
      })),
  }));
  return server;
}
