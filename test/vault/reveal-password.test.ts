/**
 * A vault reveal with the password again (POST /v1/vaults/:id/items/:itemId/reveal, body `password`):
 * checked when given (a wrong one 403, audited as a failed auth.reauth, counted by login's throttle),
 * required from the web console's session cookie, whose requests cannot read a value through
 * GET .../items/:itemId either. Bearer clients without a password are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { expectStatus, must, registerUser, TEST_PASSWORD, type TestUser, useTestServer } from '../helpers/index.js';

// Three wrong passwords in a row block the e-mail (login's throttle), so the throttle test is short.
const server = useTestServer({ LOGIN_FAILS_PER_EMAIL: '3' });

/** What a browser adds to a fetch from a console page of this server. */
const SAME_ORIGIN = { 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'same-origin' };

async function withSecret(user: TestUser) {
  const vault = server.api(user.accessToken).vault;
  const made = must('create vault', await vault.createVault({ body: { name: `v-${Math.random()}` } }), 201).body.data;
  const value = `s3cret-${Math.random().toString(36).slice(2)}`;
  const item = must(
    'create item',
    await vault.createItem({ params: { vaultId: made.id }, body: { name: 'API_TOKEN', value, type: 'token' } }),
    201,
  ).body.data;
  return { vaultId: made.id, itemId: item.id, value };
}

/** The console's client: the session cookies of a console login, no Authorization header. */
async function consoleClient(user: TestUser) {
  const login = await server.http().post('/v1/auth/login').set(SAME_ORIGIN).send({
    email: user.email,
    password: user.password,
  });
  expect(login.status).toBe(200);
  const raw = login.headers['set-cookie'] as unknown as string[];
  const cookie = raw.map((line) => line.split(';')[0]).join('; ');
  expect(cookie).toContain('hx_access=');
  return server.api(undefined, { ...SAME_ORIGIN, cookie });
}

async function auditOf(user: TestUser) {
  return expectStatus(await server.api(user.accessToken).audit.tenantList({ query: { limit: 100 } }), 200).body.data
    .entries;
}

describe('vault reveal with the password again', () => {
  it('checks the password when a bearer client gives it; without one, reveal works as before', async () => {
    const user = await registerUser(server, 'reveal-bearer');
    const { vaultId, itemId, value } = await withSecret(user);
    const vault = server.api(user.accessToken).vault;

    const plain = expectStatus(await vault.revealItem({ params: { id: vaultId, itemId }, body: undefined }), 200).body
      .data;
    expect(plain.value).toBe(value);
    const confirmed = expectStatus(
      await vault.revealItem({ params: { id: vaultId, itemId }, body: { password: TEST_PASSWORD } }),
      200,
    ).body.data;
    expect(confirmed.value).toBe(value);

    // A misspelt field is refused, not taken for "no password".
    const typo = await server
      .http()
      .post(`/v1/vaults/${vaultId}/items/${itemId}/reveal`)
      .set('authorization', `Bearer ${user.accessToken}`)
      .send({ pasword: TEST_PASSWORD });
    expect(typo.status).toBe(400);
    const wrong = await vault.revealItem({ params: { id: vaultId, itemId }, body: { password: 'not-my-password' } });
    expect(wrong.status).toBe(403);
    expect(JSON.stringify(wrong.body)).not.toContain(value);

    const audit = await auditOf(user);
    const reveals = audit.filter((e) => e.action === 'vault.item.revealed');
    // Newest first: the confirmed reveal, then the plain one; the wrong password revealed nothing.
    expect(reveals.map((e) => e.details.passwordConfirmed)).toEqual([true, false]);
    const failed = audit.filter((e) => e.action === 'auth.reauth');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ outcome: 'failed', actorId: user.userId, resourceId: user.userId });
  });

  it('from the console session: reveal needs the password, and the value is never read without it', async () => {
    const user = await registerUser(server, 'reveal-console');
    const { vaultId, itemId, value } = await withSecret(user);
    const browser = await consoleClient(user);

    const bare = await browser.vault.revealItem({ params: { id: vaultId, itemId }, body: undefined });
    expect(bare.status).toBe(403);
    expect(JSON.stringify(bare.body)).toMatch(/password/);
    const wrong = await browser.vault.revealItem({ params: { id: vaultId, itemId }, body: { password: 'nope-nope' } });
    expect(wrong.status).toBe(403);
    // Retrieve would hand the value over without the password: refused for the console's cookie.
    const get = await browser.vault.getItem({ params: { vaultId, itemId } });
    expect(get.status).toBe(403);
    expect(JSON.stringify([bare.body, wrong.body, get.body])).not.toContain(value);

    const ok = await browser.vault.revealItem({ params: { id: vaultId, itemId }, body: { password: TEST_PASSWORD } });
    expect(expectStatus(ok, 200).body.data.value).toBe(value);
    // The same user with a bearer token still retrieves as before.
    expect(
      expectStatus(await server.api(user.accessToken).vault.getItem({ params: { vaultId, itemId } }), 200).body.data
        .value,
    ).toBe(value);
    // Listing and other reads of the console session are unaffected.
    expectStatus(await browser.vault.listItems({ params: { vaultId }, query: { limit: 10 } }), 200);
  });

  it("counts wrong passwords with login's throttle: guessing through reveal blocks the login too", async () => {
    const user = await registerUser(server, 'reveal-throttle');
    const { vaultId, itemId } = await withSecret(user);
    const vault = server.api(user.accessToken).vault;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const guess = await vault.revealItem({ params: { id: vaultId, itemId }, body: { password: `guess-${i}-x` } });
      statuses.push(guess.status);
    }
    // The third failure reaches the limit: answered 429, as the third wrong login would be.
    expect(statuses).toEqual([403, 403, 429]);
    expect((await auditOf(user)).filter((e) => e.action === 'auth.reauth')).toHaveLength(3);
    // Blocked: even the right password is refused now, at reveal and at login.
    const right = await vault.revealItem({ params: { id: vaultId, itemId }, body: { password: TEST_PASSWORD } });
    expect(right.status).toBe(429);
    const login = await server.api().auth.login({ body: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(429);
  });
});
