/**
 * GET /v1/events through the typed client: captured events newest first as stored (secrets redacted),
 * cursor paging, the filters, a bound key kept to its namespace, and the read in the access log.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, must, namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();
/** A GitHub token shape (split so no scanner takes this file for a leak). */
const TOKEN = `ghp_${'R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo'}`;

type Body = Parameters<ReturnType<typeof server.api>['capture']['capture']>[0]['body'];

async function capture(key: string, body: Partial<Body> & { content?: string }) {
  const { content = 'hello', ...rest } = body;
  const res = await server.api(key).capture.capture({
    body: { type: 'message', sessionId: 's1', payload: { role: 'user', content }, ...rest } as Body,
  });
  return must('capture', res, 201).body.data.eventId;
}

describe('GET /v1/events', () => {
  it('lists captured events newest first, a page at a time, with secrets redacted as stored', async () => {
    const { apiKey } = await newTenant(server);
    const a = await capture(apiKey, { content: 'first' });
    const b = await capture(apiKey, { content: `my token is ${TOKEN}`, subjectId: 'u1' });
    const c = await capture(apiKey, { content: 'third', sessionId: 's2' });
    const api = server.api(apiKey);
    const first = expectStatus(await api.capture.listEvents({ query: { limit: 2 } }), 200).body.data;
    expect(first.events.map((e) => e.id)).toEqual([c, b]);
    expect(first.pagination.hasMore).toBe(true);
    const secret = first.events[1];
    expect(secret?.subjectId).toBe('u1');
    expect(JSON.stringify(secret?.payload)).not.toContain(TOKEN);
    expect(secret?.compiledAt).toBeNull();
    const rest = expectStatus(
      await api.capture.listEvents({ query: { limit: 2, cursor: first.pagination.cursor } }),
      200,
    ).body.data;
    expect(rest.events.map((e) => e.id)).toEqual([a]);
  });

  it('filters by session, subject and type', async () => {
    const { apiKey } = await newTenant(server);
    const a = await capture(apiKey, { sessionId: 'alpha', subjectId: 'ann' });
    const b = await capture(apiKey, { sessionId: 'beta', type: 'observation', payload: { text: 'seen' } });
    const api = server.api(apiKey);
    const bySession = expectStatus(await api.capture.listEvents({ query: { sessionId: 'alpha' } }), 200).body.data;
    expect(bySession.events.map((e) => e.id)).toEqual([a]);
    const bySubject = expectStatus(await api.capture.listEvents({ query: { subjectId: 'ann' } }), 200).body.data;
    expect(bySubject.events.map((e) => e.id)).toEqual([a]);
    const byType = expectStatus(await api.capture.listEvents({ query: { type: 'observation' } }), 200).body.data;
    expect(byType.events.map((e) => e.id)).toEqual([b]);
  });

  it("keeps a bound key to its namespace: others' events unseen, another namespace 403", async () => {
    const { user, apiKey } = await newTenant(server);
    const wide = await capture(apiKey, { content: 'in default' });
    const bound = await namespaceBoundKey(server, user);
    const own = await capture(bound.key, { content: 'in the bound namespace' });
    const seen = expectStatus(await server.api(bound.key).capture.listEvents({ query: {} }), 200).body.data;
    expect(seen.events.map((e) => e.id)).toEqual([own]);
    const refused = await server.api(bound.key).capture.listEvents({ query: { namespace: 'default' } });
    expect(expectStatus(refused, 403).body.error.code).toBe('forbidden');
    const owner = expectStatus(await server.api(apiKey).capture.listEvents({ query: {} }), 200).body.data;
    expect(owner.events.map((e) => e.id)).toEqual([own, wide]);
    const stranger = await newTenant(server);
    const none = expectStatus(await server.api(stranger.apiKey).capture.listEvents({ query: {} }), 200).body.data;
    expect(none.events).toEqual([]);
  });

  it('writes the read to the access log and refuses a bad type with 400 naming the field', async () => {
    const { user, apiKey } = await newTenant(server);
    await capture(apiKey, { content: 'logged read' });
    must('list', await server.api(apiKey).capture.listEvents({ query: {} }), 200);
    await server.ctx.services.accessLog.flush();
    const logged = await server.ctx.database.rows<{ operation: string }>(
      sql`select operation from access_logs where tenant_id = ${user.tenantId}`,
    );
    expect(logged.map((r) => r.operation)).toEqual(['events.list']);
    const bad = await server.http().get('/v1/events?type=shout').set('Authorization', `Bearer ${apiKey}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toContain('type');
  });
});
