/** Graceful shutdown: in-flight requests finish, then the listener and the database close. */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

describe('graceful shutdown', () => {
  it('finishes an in-flight request, then stops accepting and closes the database', async () => {
    const server = await startTestServer();
    // Registration hashes a password with scrypt: slow enough to still be in flight when close() starts.
    const inflight = server
      .http()
      .post('/v1/auth/register')
      .send({ email: `shutdown-${Date.now()}@example.com`, password: 'long-enough-password' });
    // Start shutting down only once the server has the request, so it is truly in flight.
    const pending = new Promise<void>((resolve) => {
      server.server.once('request', () => resolve());
    }).then(() => server.close());
    const res = await inflight;
    await pending;
    expect(res.status).toBe(201);
    expect(await server.ctx.database.ping()).toBe(false);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
