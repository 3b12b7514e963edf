/**
 * /mcp over Streamable HTTP with the MCP SDK's client: the tools and their annotations, the memory
 * loop, API-key auth (401 an MCP client understands), namespace-bound keys, tool errors for bad
 * input and API errors, the key's rate limit, and the stateless transport's 405 on GET.
 */
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';
import {
  callError,
  callOk,
  connectHttp,
  exerciseMemoryLoop,
  httpTransport,
  newClient,
  TOOL_NAMES,
} from './mcp-client.js';

const server = useTestServer();

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
};

describe('MCP over Streamable HTTP (/mcp)', () => {
  it('lists six tools with input schemas and annotations, two resource templates and the prompt', async () => {
    const { apiKey } = await newTenant(server, 'mcp-list');
    const client = await connectHttp(server, apiKey);
    expect(client.getServerVersion()).toMatchObject({ name: 'hx' });
    expect(client.getInstructions()).toContain('recall');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.forget?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    for (const name of ['recall', 'search_memories', 'get_artifact']) {
      expect(byName[name]?.annotations?.readOnlyHint).toBe(true);
    }
    expect(byName.recall?.inputSchema.required).toEqual(['query']);
    const properties = (byName.recall?.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
    const query = properties.query;
    expect(query?.description).toMatch(/question/);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      'hx://artifacts/{id}',
      'hx://subjects/{subjectId}/profile',
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['recall_for_task']);
    await client.close();
  });

  it('remembers, learns, recalls with sources, browses, and forgets', async () => {
    const { apiKey } = await newTenant(server, 'mcp-loop');
    const client = await connectHttp(server, apiKey);
    await exerciseMemoryLoop(client, 'http');
    await client.close();
  });

  it('reads artifacts by id as a tool and as hx://artifacts/{id}, listed among the resources', async () => {
    const { apiKey } = await newTenant(server, 'mcp-art');
    const client = await connectHttp(server, apiKey);
    await callOk(client, 'remember', { text: 'I live in Porto and I love sailing.', subjectId: 'ana' });
    await callOk(client, 'learn', { subjectId: 'ana' });
    const listed = JSON.parse(await callOk(client, 'search_memories', { target: 'artifacts', subjectId: 'ana' }));
    const artifact = listed.artifacts.find((a: { type: string }) => a.type === 'profile');
    expect(artifact?.uri).toBe(`hx://artifacts/${artifact?.id}`);
    const markdown = await callOk(client, 'get_artifact', { id: artifact.id });
    expect(markdown).toMatch(/^# /);
    expect(markdown).toContain('Porto');
    expect(JSON.parse(await callOk(client, 'get_artifact', { id: artifact.id, format: 'json' }))).toMatchObject({
      id: artifact.id,
      type: 'profile',
      subjectId: 'ana',
    });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(artifact.uri);
    const read = await client.readResource({ uri: artifact.uri });
    expect(read.contents[0]).toMatchObject({ uri: artifact.uri, mimeType: 'text/markdown' });
    await client.close();
  });

  it('refuses a client without a valid API key with 401 and WWW-Authenticate', async () => {
    const { jwt } = await newTenant(server, 'mcp-auth');
    for (const headers of [
      {},
      { Authorization: 'Bearer hx_live_notarealkey000000000000000000000000000000' },
      { Authorization: `Bearer ${jwt}` },
    ] as Record<string, string>[]) {
      const client = newClient();
      const error = await client.connect(httpTransport(server, headers)).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(401);
    }
    const res = await server.http().post('/mcp').set('Accept', 'application/json, text/event-stream').send(initialize);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="hx"');
    expect(res.body.error).toMatchObject({ code: 'unauthorized' });
  });

  it('keeps a namespace-bound key inside its namespace', async () => {
    const { user } = await newTenant(server, 'mcp-ns');
    const bound = await namespaceBoundKey(server, user);
    const client = await connectHttp(server, bound.key);
    const own = await callOk(client, 'remember', { text: 'Our team ships on Thursdays.' });
    expect(own).toMatch(/Remembered 1 of 1/);
    for (const [name, args] of [
      ['remember', { text: 'Leaked into another namespace', namespace: 'elsewhere' }],
      ['recall', { query: 'When do we ship?', namespace: 'elsewhere' }],
      ['search_memories', { namespace: 'elsewhere' }],
      ['forget', { subjectId: 'someone', namespace: 'elsewhere' }],
    ] as const) {
      expect(await callError(client, name, args)).toMatch(/^Error forbidden: /);
    }
    expect(await callOk(client, 'recall', { query: 'When do we ship?' })).toContain('Thursdays');
    await client.close();
  });

  it('leaves the same audit and access-log rows as any client, naming the MCP client', async () => {
    const { user } = await newTenant(server, 'mcp-audit');
    const bound = await namespaceBoundKey(server, user);
    const client = await connectHttp(server, bound.key);
    await callOk(client, 'remember', { text: 'Ship the audit report on Friday.', subjectId: 'carol' });
    expect(await callOk(client, 'recall', { query: 'When is the audit report due?' })).toContain('Friday');
    await callOk(client, 'forget', { subjectId: 'carol' });
    await client.close();
    const auth = { Authorization: `Bearer ${user.accessToken}` };
    const audit = await server.http().get(`/v1/organizations/${bound.orgId}/audit`).set(auth);
    expect(audit.status).toBe(200);
    const forget = audit.body.data.entries.find((e: { action: string }) => e.action === 'subject.forget');
    expect(forget).toMatchObject({ actorType: 'api_key', resourceId: 'carol' });
    expect(forget.userAgent).toMatch(/^hx-mcp-http \(/);
    const reads = await server.http().get(`/v1/organizations/${bound.orgId}/access-logs`).set(auth);
    expect(reads.status).toBe(200);
    expect(reads.body.data.entries).toContainEqual(
      expect.objectContaining({
        actorType: 'api_key',
        operation: 'synthesize',
        query: 'When is the audit report due?',
      }),
    );
  });

  it('answers malformed input and API errors as tool errors, never a crash', async () => {
    const { apiKey } = await newTenant(server, 'mcp-err');
    const client = await connectHttp(server, apiKey);
    expect(await callError(client, 'recall', {})).toMatch(/validation error.*query/is);
    expect(await callError(client, 'recall', { query: 'x', maxTokens: 'lots' })).toMatch(/maxTokens/);
    expect(await callError(client, 'remember', {})).toMatch(
      /^Error validation_error: text: give exactly one of text or payload/,
    );
    expect(await callError(client, 'remember', { text: 'a', events: [{ text: 'b' }] })).toMatch(
      /^Error validation_error: events:/,
    );
    expect(await callError(client, 'remember', { payload: { content: 42 } })).toMatch(
      /^Error validation_error: [\s\S]*payload\.content/,
    );
    expect(await callError(client, 'forget', {})).toMatch(/^Error validation_error: subjectId: give exactly one/);
    expect(await callError(client, 'search_memories', { target: 'artifacts', status: 'archived' })).toMatch(/status/);
    expect(await callError(client, 'get_artifact', { id: 'art_missing' })).toMatch(
      /^Error not_found: .*\n\(request req_/,
    );
    expect(await callError(client, 'learn', { jobId: 'lrn_missing' })).toMatch(/^Error not_found: /);
    // The session still works after all of that.
    expect(await callOk(client, 'recall', { query: 'anything at all' })).toBe('Nothing in memory matches this query.');
    await client.close();
  });

  it('counts /mcp against the key’s rate limit and serves POST only (stateless)', async () => {
    const { apiKey } = await newTenant(server, 'mcp-limit');
    const auth = `Bearer ${apiKey}`;
    const rest = await server.http().get('/v1/memories').set('Authorization', auth);
    const mcp = await server
      .http()
      .post('/mcp')
      .set('Authorization', auth)
      .set('Accept', 'application/json, text/event-stream')
      .send(initialize);
    expect(mcp.status).toBe(200);
    expect(mcp.headers['mcp-session-id']).toBeUndefined();
    expect(mcp.body.result.serverInfo).toMatchObject({ name: 'hx' });
    expect(mcp.headers['x-ratelimit-limit']).toBe(rest.headers['x-ratelimit-limit']);
    expect(Number(mcp.headers['x-ratelimit-remaining'])).toBeLessThan(Number(rest.headers['x-ratelimit-remaining']));
    const get = await server.http().get('/mcp').set('Authorization', auth).set('Accept', 'text/event-stream');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});
