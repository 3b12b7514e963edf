/**
 * The SDK against a real Hx server: account, API keys, health, the core loop (capture, learn,
 * synthesize, artifacts) and an organization, unwrapped data and typed errors from real answers.
 */
import { AuthenticationError, ValidationError, ConflictError, Hx, NotFoundError } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { useTestServer, uniqueEmail } from '../helpers/server.js';

const server = useTestServer();

const password = 'correct-horse-battery';

async function signedIn() {
  const anonymous = new Hx({ baseUrl: server.url, maxRetries: 0 });
  const email = uniqueEmail('sdk');
  const session = await anonymous.auth.register({ email, password, name: 'SDK' });
  return { email, session, hx: anonymous.withOptions({ accessToken: session.tokens.accessToken }) };
}

describe('SDK against a real server', () => {
  it('health answers the unwrapped health object', async () => {
    const health = await new Hx({ baseUrl: server.url }).health();
    expect(health.status).toBe('ok');
    expect(health.version).toBe(server.ctx.version);
  });

  it('registers, logs in and reads the current user', async () => {
    const { email, session, hx } = await signedIn();
    expect(session.user.email).toBe(email);
    const login = await new Hx({ baseUrl: server.url }).auth.login({ email, password });
    expect(login.tokens.tokenType).toBe('Bearer');
    const me = await hx.auth.me();
    expect(me.user.id).toBe(session.user.id);
  });

  it('creates, lists and revokes API keys; withResponse carries the request id and meta', async () => {
    const { session, hx } = await signedIn();
    const created = await hx.apiKeys.create({ name: 'sdk key', environment: 'test' });
    expect(created.key).toMatch(/^hx_test_[A-Za-z0-9]{32,}$/);
    const { data, response, items } = await hx.apiKeys.list();
    expect(items.map((k) => k.id)).toContain(created.id);
    expect(data.pagination.hasMore).toBe(false);
    expect(response.requestId).toMatch(/\S/);
    expect(response.meta?.tenantId).toBe(session.user.tenantId);
    expect(response.headers.get('x-request-id')).toBe(response.requestId);
    const revoked = await hx.apiKeys.revoke({ id: created.id });
    expect(revoked).toEqual({ id: created.id, deleted: true });
    const after = await hx.apiKeys.list();
    expect(after.items.find((k) => k.id === created.id)?.revoked).toBe(true);
  });

  it('maps real error answers to the error classes', async () => {
    const { email, hx } = await signedIn();
    const anonymous = new Hx({ baseUrl: server.url, maxRetries: 0 });
    const bad = await anonymous.auth.register({ email: 'not-an-email', password }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).code).toBe('validation_error');
    expect((bad as ValidationError).details.map((d) => d.field).join()).toMatch(/email/);
    expect((bad as ValidationError).requestId).toMatch(/\S/);

    await expect(anonymous.auth.register({ email, password })).rejects.toBeInstanceOf(ConflictError);
    await expect(anonymous.auth.login({ email, password: 'wrong-password' })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    await expect(
      new Hx({ baseUrl: server.url, accessToken: 'nope', maxRetries: 0 }).apiKeys.list(),
    ).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    await expect(hx.apiKeys.revoke({ id: 'key_does_not_exist' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('runs the core loop with an API key: capture, batch, learn, synthesize, artifacts', async () => {
    const { hx } = await signedIn();
    const { key } = await hx.apiKeys.create({ name: 'core' });
    const core = new Hx({ baseUrl: server.url, apiKey: key, maxRetries: 0 });
    const sessionId = 'sess_sdk_1';
    const one = await core.capture.capture({
      type: 'message',
      sessionId,
      payload: { role: 'user', content: 'I prefer dark roast coffee and I live in Lisbon.' },
    });
    expect(one.eventId).toMatch(/^evt_/);
    expect(one.status).toBe('ingested');
    const batch = await core.capture.captureBatch({
      events: [
        { type: 'message', sessionId, payload: { role: 'user', content: 'My favourite editor is Helix.' } },
        { type: 'message', sessionId, payload: { role: 'assistant', content: 'Noted: Helix.' } },
      ],
    });
    expect(batch.summary.total).toBe(2);

    const job = await core.learn.learn({ scope: 'full', wait: true }, { timeout: 60_000 });
    expect(job.jobId).toMatch(/^job_/);
    const finished = await core.learn.getJob({ id: job.jobId });
    expect(['queued', 'running', 'completed']).toContain(finished.status);

    const pack = await core.synthesize.synthesize({ query: 'What coffee do I like?' });
    expect(typeof pack.context).toBe('string');
    expect(pack.budget.used).toBeLessThanOrEqual(pack.budget.limit);

    const ids: string[] = [];
    for await (const artifact of core.artifacts.list({ limit: 1 })) ids.push(artifact.id);
    const page = await core.artifacts.list({ limit: 100 });
    expect(ids).toEqual(page.items.map((a) => a.id));
    if (ids[0]) expect((await core.artifacts.get({ id: ids[0] })).id).toBe(ids[0]);
  }, 90_000);

  it('creates an organization and lists its audit log with the org header', async () => {
    const { hx } = await signedIn();
    const slug = `sdk-${Date.now().toString(36)}`;
    const org = await hx.organizations.create({ name: 'SDK org', slug });
    expect(org.slug).toBe(slug);
    const orgs = await hx.organizations.list();
    expect(JSON.stringify(orgs)).toContain(org.id);
    const scoped = hx.withOptions({ organizationId: org.id });
    expect((await scoped.organizations.get()).id).toBe(org.id);
    const entries = [];
    for await (const entry of scoped.audit.list({ limit: 5 })) entries.push(entry);
    expect(Array.isArray(entries)).toBe(true);
  });
});
