/** The Hx MCP server: six tools, two resources and one prompt over an Hx SDK client. */
import type { Hx } from '@hx-memory/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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

export function createHxMcpServer(options: HxMcpOptions): McpServer {
  const server = new McpServer(
    { name: 'hx', title: 'Hx memory', version: options.version ?? '0.1.0' },
    { instructions: INSTRUCTIONS },
  );
  const deps: McpDeps = { hx: options.hx, limits: { ...DEFAULT_LIMITS, ...options.limits } };
  registerRemember(server, deps);
  registerRecall(server, deps);
  registerSearchMemories(server, deps);
  registerGetArtifact(server, deps);
  registerForget(server, deps);
  registerLearn(server, deps);
  registerResources(server, deps);
  registerPrompts(server, deps);
  return server;
}
