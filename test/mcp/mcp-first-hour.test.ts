/**
 * What a new MCP user meets first, over /mcp: tool input schemas are inline (no `$ref`, which some
 * clients do not resolve and which hid the field's description) with every field described; a
 * namespace that does not exist is an error, not "nothing matches"; the profile resource's advice is
 * true to what is stored.
 */
import { Hx } from '@hx-memory/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, type TestServer, startTestServer } from '../helpers/server.js';
import { callError, callOk, connectHttp } from './mcp-client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 600_000);
afterAll(async () => {
  await server?.close();
});

type Schema = { $ref?: string; description?: string; properties?: Record<string, Schema>; items?: Schema };

describe('MCP, the first hour', () => {
  it('lists input schemas without $ref, every field with its description', async () => {
    const { apiKey } = await newTenant(server, 'mcp-schemas');
    const client = await connectHttp(server, apiKey);
    const { tools } = await client.listTools();
    expect(tools.length).toBe(6);
    for (const tool of tools) {
      expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('$ref');
      expect(tool.inputSchema.type).toBe('object');
      for (const [field, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, Schema>)) {
        expect(schema.description, `${tool.name}.${field}`).toMatch(/\w{3}/);
      }
    }
    const recall = tools.find((t) => t.name === 'recall')?.inputSchema.properties as Record<string, Schema>;
    // sessionId was a $ref to subjectId (they share a zod schema): now its own, described.
    expect(recall.sessionId?.description).toMatch(/Conversation/);
    expect(recall.namespace?.description).toMatch(/Namespace/);
    // The tool still validates with its zod schema.
    expect(await callError(client, 'recall', { query: 'x', sessionId: '' })).toMatch(/sessionId/);
    await client.close();
  });

  // The server answers a read naming a namespace that does not exist with 404 naming the field
  // (test/namespaces/unknown-namespace.test.ts); every tool turns an API error into a tool error.
  it('answers a namespace that does not exist as a tool error on recall and search_memories', async () => {
    const { apiKey } = await newTenant(server, 'mcp-ns');
    const client = await connectHttp(server, apiKey);
    expect(await callError(client, 'recall', { query: 'anything', namespace: 'no-such-namespace' })).toMatch(
      /^Error (not_found|forbidden|validation_error): .*namespace/i,
    );
    expect(await callError(client, 'recall', { query: 'anything', namespace: 'no-such-namespace' })).toMatch(
      /hx namespaces list/,
    );
    expect(await callError(client, 'search_memories', { namespace: 'no-such-namespace' })).toMatch(
      /^Error not_found: Namespace no-such-namespace does not exist/,
    );
    expect(await callOk(client, 'recall', { query: 'anything' })).toBe('Nothing in memory matches this query.');
    await client.close();
  });

  it('gives profile advice that matches what is stored', async () => {
    const { apiKey } = await newTenant(server, 'mcp-profile');
    const client = await connectHttp(server, apiKey);
    const read = async (subject: string) => {
      const result = await client.readResource({ uri: `hx://subjects/${subject}/profile` });
      return String((result.contents[0] as { text?: string }).text);
    };
    expect(await read('ana')).toMatch(/^Nothing about ana has been learned yet\. Remember facts/);

    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    // Only a procedure about the subject: learn runs, yet no profile (it needs facts or preferences).
    await hx.captureBatch([
      {
        type: 'command_exec',
        sessionId: 's1',
        subjectId: 'bob',
        payload: { command: 'npm test', exitCode: 1, stderr: 'Error: ECONNREFUSED 127.0.0.1:5432' },
      },
      {
        type: 'command_exec',
        sessionId: 's1',
        subjectId: 'bob',
        payload: { command: 'docker compose up -d postgres', exitCode: 0 },
      },
      { type: 'command_exec', sessionId: 's1', subjectId: 'bob', payload: { command: 'npm test', exitCode: 0 } },
    ]);
    await hx.learn({ wait: true });
    const memories = await hx.memories.list({ subjectId: 'bob', status: 'active' });
    const bob = await read('bob');
    if (memories.items.length === 0) expect(bob).toMatch(/^Nothing about bob has been learned yet/);
    else {
      expect(bob).toMatch(/^No profile of bob: a profile is compiled from facts, preferences and instructions/);
      expect(bob).not.toMatch(/run learn/);
    }

    // A preference: learn compiles a profile, which the resource shows.
    await hx.capture({
      type: 'message',
      sessionId: 's2',
      subjectId: 'cleo',
      payload: { role: 'user', content: 'I prefer short answers, in German.' },
    });
    await hx.learn({ wait: true });
    expect(await read('cleo')).toMatch(/short answers in German/);
    await client.close();
  }, 120_000);
});
