/**
 * Erasure that erases: after DELETE /v1/subjects/:id the subject's text is nowhere — not in synthesize,
 * memories, artifacts (digests and summaries that also cover others are retired, then compiled again without it), lineage,
 * access logs, the vault (items redacted from its events), nor any column of any table.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findInTables } from '../helpers/dump.js';
import { auth, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

// Generated for the test: the GitHub token format, not a real token.
const SECRET = `ghp_${'Q7rT2mVx9Lk3Wp8Zn4Bc6Hd1Jf5Gs0Ya2ReU'}`;
const MARKERS = ['quokkaville', 'zeppelinist', 'marzipanology'];

async function seed(key: string) {
  const texts = [
    {
      subjectId: 'alice',
      sessionId: 's1',
      content: 'I live in Quokkaville. I love marzipanology and I work as a zeppelinist.',
    },
    { subjectId: 'alice', sessionId: 's1', content: `My deploy token is ${SECRET} please keep it, Quokkaville rules.` },
    { subjectId: 'bob', sessionId: 's1', content: 'I live in Oslo. I love skiing and I work as a chef.' },
    { subjectId: 'bob', sessionId: 's2', content: 'I prefer tea over coffee. I live in Oslo.' },
  ];
  const events = texts.map((e, i) => ({
    type: 'message',
    sessionId: e.sessionId,
    subjectId: e.subjectId,
    payload: { role: 'user', content: e.content },
    occurredAt: new Date(Date.UTC(2024, 1, 1, 9, i)).toISOString(),
  }));
  const cap = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
  expect(cap.status).toBe(201);
  const job = await server.http().post('/v1/learn').set(auth(key)).send({ wait: true });
  expect(job.body.data.status).toBe('completed');
}

describe('DELETE /v1/subjects/:subjectId erases what was derived', () => {
  it('leaves the text nowhere, retires shared artifacts (re-compiled by the next learn), deletes vault items and counts each kind', async () => {
    const { apiKey, user } = await newTenant(server);
    await seed(apiKey);
    const before = await findInTables(server, user.tenantId, MARKERS);
    expect(before.some((h) => h.table === 'events')).toBe(true);
    expect(before.some((h) => h.table === 'artifacts')).toBe(true);
    const items = await server.ctx.database.rows<{ id: string }>(
      sql`select id from vault_items where tenant_id = ${user.tenantId}`,
    );
    expect(items.length).toBe(1);
    const syn = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(apiKey))
      .send({ query: 'Where does the Quokkaville zeppelinist live?' });
    expect(syn.status).toBe(200);

    const res = await server.http().delete('/v1/subjects/alice').set(auth(apiKey));
    expect(res.status).toBe(200);
    const d = res.body.data.deleted;
    expect(d.events).toBe(2);
    expect(d.vaultItems).toBe(1);
    expect(d.memories).toBeGreaterThan(0);
    expect(d.accessLogsScrubbed).toBeGreaterThan(0);
    expect(d.artifacts).toBeGreaterThan(0);

    const after = await findInTables(server, user.tenantId, [...MARKERS, SECRET]);
    expect(after).toEqual([]);
    expect(
      (await server.ctx.database.rows(sql`select id from vault_items where tenant_id = ${user.tenantId}`)).length,
    ).toBe(0);

    const again = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(apiKey))
      .send({ query: 'Where does alice live and what is her job?' });
    expect(JSON.stringify(again.body.data)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const mems = (await server.http().get('/v1/memories?limit=100').set(auth(apiKey))).body.data.memories;
    expect(mems.length).toBeGreaterThan(0); // bob's are kept
    expect(JSON.stringify(mems)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const arts = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts;
    expect(JSON.stringify(arts)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const audit = await server.ctx.database.rows<{ details: Record<string, unknown> }>(
      sql`select details from audit_logs where tenant_id = ${user.tenantId} and action = 'subject.forget'`,
    );
    expect(audit[0]!.details).toMatchObject({ events: 2, vaultItems: 1 });

    // A full re-learn brings nothing back.
    const full = await server.http().post('/v1/learn').set(auth(apiKey)).send({ scope: 'full', wait: true });
    expect(full.body.data.status).toBe('completed');
    expect(await findInTables(server, user.tenantId, MARKERS)).toEqual([]);
    // Shared artifacts retired by the erasure are compiled again from what remains (bob's).
    const rebuilt = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts;
    expect(JSON.stringify(rebuilt)).toMatch(/oslo/i);
  });
});
