/**
 * GET /v1/learn/jobs through the typed client: newest first, cursor paging, the status filter, the
 * key's tenant and environment only, jobs over namespaces out of a bound key's reach left out, and a
 * bad status or cursor refused with 400 naming the field.
 */
import { describe, expect, it } from 'vitest';
import {
  auth,
  createApiKey,
  expectStatus,
  must,
  namespaceBoundKey,
  newTenant,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

async function learnOnce(key: string, content: string, namespace?: string) {
  const api = server.api(key);
  must(
    'capture',
    await api.capture.capture({
      body: {
        type: 'message',
        sessionId: 's1',
        payload: { role: 'user', content },
        ...(namespace ? { namespace } : {}),
      },
    }),
    201,
  );
  const res = await api.learn.learn({ body: { wait: true, ...(namespace ? { namespace } : {}) } });
  const job = must('learn', res, 200).body.data;
  expect(job.status).toBe('completed');
  return job;
}

describe('GET /v1/learn/jobs', () => {
  it('lists the jobs newest first with their counts, a page at a time', async () => {
    const { apiKey } = await newTenant(server);
    const a = await learnOnce(apiKey, 'I live in Paris and I work as a nurse.');
    const b = await learnOnce(apiKey, 'I love hiking in the mountains on weekends.');
    const c = await learnOnce(apiKey, 'My sister Anna plays the cello.');
    const api = server.api(apiKey);
    const first = expectStatus(await api.learn.listJobs({ query: { limit: 2 } }), 200).body.data;
    expect(first.jobs.map((j) => j.id)).toEqual([c.id, b.id]);
    expect(first.pagination.hasMore).toBe(true);
    expect(first.jobs[0]?.stats.eventsProcessed).toBe(1);
    expect(first.jobs[0]?.finishedAt).not.toBeNull();
    const second = expectStatus(await api.learn.listJobs({ query: { limit: 2, cursor: first.pagination.cursor } }), 200)
      .body.data;
    expect(second.jobs.map((j) => j.id)).toEqual([a.id]);
    expect(second.pagination.hasMore).toBe(false);
  });

  it("filters by status and keeps to the key's tenant and environment", async () => {
    const { user, apiKey } = await newTenant(server);
    const job = await learnOnce(apiKey, 'I prefer tea to coffee.');
    const api = server.api(apiKey);
    const done = expectStatus(await api.learn.listJobs({ query: { status: 'completed' } }), 200).body.data;
    expect(done.jobs.map((j) => j.id)).toEqual([job.id]);
    const failed = expectStatus(await api.learn.listJobs({ query: { status: 'failed' } }), 200).body.data;
    expect(failed.jobs).toEqual([]);
    const testKey = await createApiKey(server, user, { environment: 'test' });
    const testEnv = expectStatus(await server.api(testKey).learn.listJobs({ query: {} }), 200).body.data;
    expect(testEnv.jobs).toEqual([]);
    const stranger = await newTenant(server);
    const theirs = expectStatus(await server.api(stranger.apiKey).learn.listJobs({ query: {} }), 200).body.data;
    expect(theirs.jobs).toEqual([]);
  });

  it('leaves out jobs over namespaces a bound key cannot read', async () => {
    const { user, apiKey } = await newTenant(server);
    const wide = await learnOnce(apiKey, 'The default namespace holds this.');
    const bound = await namespaceBoundKey(server, user);
    const own = await learnOnce(bound.key, 'The bound namespace holds this.', bound.name);
    const seenByBound = expectStatus(await server.api(bound.key).learn.listJobs({ query: {} }), 200).body.data;
    expect(seenByBound.jobs.map((j) => j.id)).toEqual([own.id]);
    const seenByOwner = expectStatus(await server.api(apiKey).learn.listJobs({ query: {} }), 200).body.data;
    expect(seenByOwner.jobs.map((j) => j.id)).toEqual([own.id, wide.id]);
  });

  it('refuses an unknown status and a foreign cursor with 400 naming the field', async () => {
    const { apiKey } = await newTenant(server);
    // A status the contract does not know: sent raw.
    const status = await server.http().get('/v1/learn/jobs?status=done').set(auth(apiKey));
    expect(status.status).toBe(400);
    expect(JSON.stringify(status.body.error.details)).toContain('status');
    const cursor = await server.api(apiKey).learn.listJobs({ query: { cursor: 'nope' } });
    expect(cursor.status).toBe(400);
    expect(JSON.stringify(expectStatus(cursor, 400).body.error.details)).toContain('cursor');
  });
});
