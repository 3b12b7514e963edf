/**
 * Erasure that erases: after DELETE /v1/subjects/:id the subject's text is nowhere — not in synthesize,
 * memories, artifacts (digests and summaries that also cover others are retired, then compiled again without it), lineage,
 * access logs, the vault (items redacted from its events), nor any column of any table.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findInTables } from '../helpers/dump.js';
import { captureAndLearn, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

// Generated for the test: the GitHub token format, not a real token.
const SECRET = `ghp_${'Q7rT2mVx9Lk3Wp8Zn4Bc6Hd1Jf5Gs0Ya2ReU'}`;
const MARKERS = ['quokkaville', 'zeppelinist', 'marzipanology'];

const seed = (key: string) =>
  captureAndLearn(server, key, [
    {
      subjectId: 'alice',
      content: 'I live in Quokkaville. I love marzipanology and I work as a zeppelinist.',
    },
    { subjectId: 'alice', content: `My deploy token is ${SECRET} please keep it, Quokkaville rules.` },
    { subjectId: 'bob', content: 'I live in Oslo. I love skiing and I work as a chef.' },
    { subjectId: 'bob', sessionId: 's2', content: 'I prefer tea over coffee. I live in Oslo.' },
  ]);

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
    const api = server.api(apiKey);
    const syn = await api.synthesize.synthesize({ body: { query: 'Where does the Quokkaville zeppelinist live?' } });
    expect(syn.status).toBe(200);

    const res = await api.memories.forgetSubject({ params: { subjectId: 'alice' } });
    const d = expectStatus(res, 200).body.data.deleted;
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

    const again = await api.synthesize.synthesize({ body: { query: 'Where does alice live and what is her job?' } });
    expect(JSON.stringify(expectStatus(again, 200).body.data)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const mems = expectStatus(await api.memories.list({ query: { limit: 100 } }), 200).body.data.memories;
    expect(mems.length).toBeGreaterThan(0); // bob's are kept
    expect(JSON.stringify(mems)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const artifacts = async () =>
      expectStatus(await api.artifacts.list({ query: { limit: 100 } }), 200).body.data.artifacts;
    const arts = await artifacts();
    expect(JSON.stringify(arts)).not.toMatch(/quokkaville|zeppelinist|marzipan/i);
    const audit = await server.ctx.database.rows<{ details: Record<string, unknown> }>(
      sql`select details from audit_logs where tenant_id = ${user.tenantId} and action = 'subject.forget'`,
    );
    expect(audit[0]!.details).toMatchObject({ events: 2, vaultItems: 1 });

    // A full re-learn brings nothing back.
    const full = await api.learn.learn({ body: { scope: 'full', wait: true } });
    expect(expectStatus(full, 200).body.data.status).toBe('completed');
    expect(await findInTables(server, user.tenantId, MARKERS)).toEqual([]);
    // Shared artifacts retired by the erasure are compiled again from what remains (bob's).
    const rebuilt = await artifacts();
    expect(JSON.stringify(rebuilt)).toMatch(/oslo/i);
  });
});
