/**
 * Brute-force protection of login: consecutive failures per e-mail and failures per IP block the
 * caller for a while with 429 and Retry-After, even with the right password; success resets the run.
 */
import { describe, expect, it } from 'vitest';
import { expectStatus, registerUser, uniqueEmail, useTestServer } from '../helpers/index.js';

const server = useTestServer({
  LOGIN_FAILS_PER_EMAIL: '3',
  LOGIN_EMAIL_BLOCK_SECONDS: '600',
  LOGIN_FAILS_PER_IP: '8',
  LOGIN_IP_BLOCK_SECONDS: '1200',
});

const login = (email: string, password: string) => server.api().auth.login({ body: { email, password } });

describe('login throttling', () => {
  it('per e-mail: the 3rd consecutive failure blocks, even the right password, with Retry-After', async () => {
    const user = await registerUser(server, 'brute');
    expect((await login(user.email, 'wrong-1')).status).toBe(401);
    expect((await login(user.email, 'wrong-2')).status).toBe(401);
    const third = await login(user.email, 'wrong-3');
    expect(third.status).toBe(429);
    const { error } = expectStatus(third, 429).body;
    expect(error.code).toBe('rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(error.message).toMatch(/try again in \d+ seconds/);
    const right = await login(user.email.toUpperCase(), user.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  });

  it('a success ends the run of consecutive failures', async () => {
    const user = await registerUser(server, 'reset');
    await login(user.email, 'wrong-1');
    await login(user.email, 'wrong-2');
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(user.email, 'wrong-3')).status).toBe(401);
    expect((await login(user.email, 'wrong-4')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('per IP: failures across many e-mails block the IP', async () => {
    // 2 failures already came from this IP in each test above; spread the rest over fresh e-mails.
    const user = await registerUser(server, 'ip-victim');
    let blocked: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 10 && !blocked; i++) {
      const res = await login(uniqueEmail('spray'), 'wrong');
      if (res.status === 429) blocked = res;
      else expect(res.status).toBe(401);
    }
    expect(blocked).toBeDefined();
    expect(Number(blocked!.headers.get('retry-after'))).toBeGreaterThan(1000);
    // Everyone behind this IP is now refused, right password included.
    expect((await login(user.email, user.password)).status).toBe(429);
  });
});
