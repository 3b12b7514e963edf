/**
 * Nothing secret outside the vault: secrets sent through capture (payload and metadata), batch capture
 * and a synthesize query are found in no text/jsonb column of any table afterwards (the vault keeps
 * them encrypted; its ciphertext is base64 of AES-GCM output, which cannot contain them).
 */
import { describe, expect, it } from 'vitest';
import { findInTables } from '../helpers/dump.js';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

// Generated for the test in real formats, never real credentials.
const GITHUB = `ghp_${'Hq4Lm8Tz2Wx6Rb1Nc5Vd9Kf3Gj7Ps0Ye4UaQ'}`;
const STRIPE = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dcXq2'}`;
const SLACK = `xoxb-${'2048163359'}-${'1198273645012'}-${'Zq7mVx9Lk3Wp8Zn4Bc6Hd1Jf'}`;

describe('secrets sent through the API are stored only in the vault', () => {
  it('capture, batch capture, metadata and a synthesize query leave no secret in any table', async () => {
    const { apiKey, user } = await newTenant(server);
    const api = server.api(apiKey);
    const one = await api.capture.capture({
      body: {
        type: 'message',
        sessionId: 's1',
        payload: { role: 'user', content: `my token is ${GITHUB}` },
        metadata: { note: `stripe key ${STRIPE}` },
      },
    });
    expect(one.status).toBe(201);
    const batch = await api.capture.captureBatch({
      body: { events: [{ type: 'message', sessionId: 's2', payload: { role: 'user', content: `slack ${SLACK}` } }] },
    });
    expect(batch.status).toBe(201);
    const syn = await api.synthesize.synthesize({ body: { query: `what did I do with ${STRIPE} and ${SLACK}?` } });
    expect(syn.status).toBe(200);
    const learn = await api.learn.learn({ body: { wait: true } });
    expect(expectStatus(learn, 200).body.data.status).toBe('completed');
    // The access log is written behind (audit/access-log.ts): write it before reading the tables.
    await server.ctx.services.accessLog.flush();

    expect(await findInTables(server, user.tenantId, [GITHUB, STRIPE, SLACK])).toEqual([]);
    // The query is kept, minus its secrets.
    const logs = await findInTables(server, user.tenantId, ['what did I do with [redacted:']);
    expect(logs.map((h) => `${h.table}.${h.column}`)).toEqual(['access_logs.query']);
  });
});
