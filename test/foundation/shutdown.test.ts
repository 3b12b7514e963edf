/**
 * Graceful shutdown: in-flight requests finish, then the listener and the database close; what the
 * process kept to write behind is written before it goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaptureEvent } from '@hx-memory/contract';
import { createApiKey, expectStatus, registerUser, startTestServer } from '../helpers/index.js';

describe('graceful shutdown', () => {
  it('finishes an in-flight request, then stops accepting and closes the database', async () => {
    const server = await startTestServer();
    // Registration hashes a password with scrypt: slow enough to still be in flight when close() starts.
    const inflight = server
      .api()
      .auth.register({ body: { email: `shutdown-${Date.now()}@example.com`, password: 'long-enough-password' } });
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

  it("writes the unlimited plan's monthly counts it kept behind, so the next process reports them", async () => {
    // A data directory on disk (PGlite), or the shared PostgreSQL when DATABASE_URL is set.
    const dataDir = mkdtempSync(join(tmpdir(), 'hx-shutdown-'));
    try {
      const first = await startTestServer({ DATA_DIR: dataDir });
      const user = await registerUser(first, 'counts-behind');
      const key = await createApiKey(first, user);
      const events = Array.from(
        { length: 7 },
        (_, i): CaptureEvent => ({
          type: 'message',
          sessionId: 's',
          payload: { role: 'user', content: `kept behind ${i}` },
        }),
      );
      const stored = await first.api(key).capture.captureBatch({ body: { events } });
      expect(stored.status).toBe(201);
      await first.close();

      const second = await startTestServer({ DATA_DIR: dataDir });
      try {
        const usage = await second.api(key).usage.get();
        expect(usage.status).toBe(200);
        expect(expectStatus(usage, 200).body.data.quota).toMatchObject({ eventsLimit: null, eventsUsed: 7 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
