/**
 * The MCP SDK's own client against Hx, over Streamable HTTP (a live test server) or stdio (`hx mcp`
 * from the run's bundle of cli/src, spawned as test/cli spawns hx: run-hx.ts), and the memory loop both
 * transports must pass: remember, learn, recall with provenance, browse, forget.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { hxCommand } from '../cli/run-hx.js';
import type { TestServer } from '../helpers/server.js';

const root = process.cwd();

export function newClient(): Client {
  return new Client({ name: 'hx-test', version: '0.0.0' });
}

export function httpTransport(server: TestServer, headers: Record<string, string> = {}) {
  return new StreamableHTTPClientTransport(new URL('/mcp', server.url), { requestInit: { headers } });
}

export async function connectHttp(server: TestServer, apiKey: string): Promise<Client> {
  const client = newClient();
  await client.connect(httpTransport(server, { Authorization: `Bearer ${apiKey}` }));
  return client;
}

/** `hx mcp` as a child process, configured the way an MCP client's config file does: environment only. */
export function stdioTransport(env: Record<string, string>) {
  const [command, args] = hxCommand(['mcp']);
  return new StdioClientTransport({
    command,
    args,
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
}

export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** Calls a tool that must succeed and answers its text. */
export async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const text = textOf(result);
  expect(result.isError, `${name} failed: ${text}`).toBeFalsy();
  return text;
}

/** Calls a tool that must fail as a tool error (not a protocol error) and answers its text. */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} should have failed: ${textOf(result)}`).toBe(true);
  return textOf(result);
}

export const TOOL_NAMES = ['forget', 'get_artifact', 'learn', 'recall', 'remember', 'search_memories'];

/** remember -> learn -> recall finds it (with sources) -> search/profile/prompt see it -> forget -> gone. */
export async function exerciseMemoryLoop(client: Client, tag: string): Promise<void> {
  const subjectId = `user-${tag}-${Date.now()}`;
  const remembered = await callOk(client, 'remember', {
    events: [
      { text: 'I live in Lisbon and I work as a glassblower.' },
      { text: 'Please always answer me in Portuguese.', occurredAt: '2026-01-02T10:00:00Z' },
    ],
    subjectId,
    sessionId: `s-${tag}`,
  });
  expect(remembered).toMatch(/Remembered 2 of 2/);
  expect(remembered).toMatch(/evt_/);

  const learned = await callOk(client, 'learn', { subjectId, wait: true });
  expect(learned).toContain('"status": "completed"');

  const recalled = await callOk(client, 'recall', {
    query: 'Where does the user live and what is their job?',
    subjectId,
  });
  expect(recalled).toContain('Lisbon');
  expect(recalled).toMatch(/Sources \(\d+ entries, \d+\/2000 tokens/);
  expect(recalled).toMatch(/(memory mem_|event evt_|hx:\/\/artifacts\/art_)/);

  const memories = JSON.parse(await callOk(client, 'search_memories', { subjectId })) as {
    memories: { id: string; content: string; subjectId: string }[];
  };
  expect(memories.memories.length).toBeGreaterThan(0);
  expect(memories.memories.every((m) => m.subjectId === subjectId)).toBe(true);
  expect(memories.memories.map((m) => m.content).join(' ')).toMatch(/Lisbon|glassblower/);

  const profile = await client.readResource({ uri: `hx://subjects/${subjectId}/profile` });
  const profileText = (profile.contents[0] as { text: string }).text;
  expect(profileText).toMatch(/Lisbon|glassblower/);

  const prompt = await client.getPrompt({
    name: 'recall_for_task',
    arguments: { task: 'Write a short bio of the user', subjectId },
  });
  expect(prompt.messages[0]?.content.type).toBe('text');
  const promptText = (prompt.messages[0]?.content as { text: string } | undefined)?.text;
  expect(promptText).toContain('Lisbon');
  expect(promptText).toContain('Task: Write a short bio of the user');

  const forgot = await callOk(client, 'forget', { subjectId });
  expect(forgot).toMatch(new RegExp(`Forgot subject ${subjectId}: 2 event\\(s\\)`));

  const after = await callOk(client, 'recall', { query: 'Where does the user live and what is their job?', subjectId });
  expect(after).not.toContain('Lisbon');
  expect(after).not.toContain('glassblower');
  const left = JSON.parse(await callOk(client, 'search_memories', { subjectId, status: 'any' }));
  expect(left.memories).toEqual([]);
}
