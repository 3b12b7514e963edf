/**
 * Capture redaction end to end: secrets in a captured event are stored in the tenant's system vault,
 * the stored event carries vault references, lineage records redacted_into, the answer is unchanged,
 * and the secret is retrievable from the system vault with a JWT.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

// Synthetic credentials in real formats (AKIAIOSFODNN7EXAMPLE is AWS's documentation example, not a secret).
const AWS_KEY = 'AKIAQ3VZ7T2XKM4PLR6W';
const PG_URL = 'postgres://app:Sup3rS3cretPw@db.internal:5432/prod';
const REF = /vault:\/\/(vlt_[0-9A-Z]+)\/(vit_[0-9A-Z]+)/g;

async function storedEvent(id: string) {
  const [row] = await server.ctx.database.rows<{ payload: unknown; metadata: unknown; text: string }>(
    sql`select payload, metadata, text from events where id = ${id}`,
  );
  return row!;
}

describe('capture redaction', () => {
  it('stores the event redacted and the secrets in the system vault, retrievable with a JWT', async () => {
    const { jwt, apiKey } = await newTenant(server);
    const vault = server.api(jwt).vault;
    const res = await server.api(apiKey).capture.capture({
      body: {
        type: 'message',
        sessionId: 'sess-1',
        payload: { role: 'user', content: `deploy with ${AWS_KEY} against ${PG_URL} today` },
        metadata: { env: { DATABASE_URL: PG_URL }, note: 'no secret here' },
      },
    });
    const captured = expectStatus(res, 201).body.data;
    expect(Object.keys(captured).sort()).toEqual(['eventId', 'salienceScore', 'status']);
    expect(captured.status).toBe('ingested');
    const eventId = captured.eventId;

    const row = await storedEvent(eventId);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(AWS_KEY);
    expect(stored).not.toContain('Sup3rS3cretPw');
    const content = (row.payload as { content: string }).content;
    expect(content).toMatch(/^deploy with vault:\/\/vlt_\w+\/vit_\w+ against vault:\/\/vlt_\w+\/vit_\w+ today$/);
    expect((row.metadata as { note: string }).note).toBe('no secret here');
    // One item per distinct secret: the URL in payload and metadata points to the same item.
    const refs = [...stored.matchAll(REF)].map((m) => m[0]);
    expect(new Set(refs).size).toBe(2);
    expect((row.metadata as { env: { DATABASE_URL: string } }).env.DATABASE_URL).toBe(content.split(' ')[4]);

    const vaults = expectStatus(await vault.listVaults(), 200).body.data.vaults;
    expect(vaults).toHaveLength(1);
    expect(vaults[0]).toMatchObject({ name: 'system', system: true, sensitivity: 'high' });
    const system = vaults[0]!.id;

    const values = new Set<string>();
    for (const ref of new Set(refs)) {
      const [, vaultId, itemId] = /vault:\/\/(vlt_\w+)\/(vit_\w+)/.exec(ref)!;
      expect(vaultId).toBe(system);
      const item = expectStatus(await vault.getItem({ params: { vaultId: vaultId!, itemId: itemId! } }), 200).body.data;
      expect(item.metadata).toMatchObject({ source: 'capture', eventId });
      values.add(item.value);
    }
    expect(values).toEqual(new Set([AWS_KEY, PG_URL]));

    const items = expectStatus(await vault.listItems({ params: { vaultId: system } }), 200).body.data.items;
    expect(items.map((i) => i.type).sort()).toEqual(['api_key', 'connection_string']);

    const edges = await server.ctx.database.rows<{ to_id: string }>(
      sql`select to_id from lineage_edges where from_id = ${eventId} and type = 'redacted_into'`,
    );
    expect(edges.map((e) => e.to_id).sort()).toEqual(items.map((i) => i.id).sort());

    const audit = expectStatus(await vault.audit({ params: { id: system } }), 200).body.data.entries;
    const redacted = audit.find((e) => e.action === 'vault.secret.redacted');
    expect(redacted).toMatchObject({ actorType: 'api_key', details: { eventId } });
    expect(JSON.stringify(audit)).not.toContain(AWS_KEY);
    expect(JSON.stringify(audit)).not.toContain('Sup3rS3cretPw');
  });

  it('redacts each event of a batch and creates nothing for clean events', async () => {
    const { jwt, apiKey } = await newTenant(server);
    const vault = server.api(jwt).vault;
    const clean = await server.api(apiKey).capture.capture({
      body: { type: 'message', sessionId: 's', payload: { role: 'user', content: 'my password manager is great' } },
    });
    expect(clean.status).toBe(201);
    expect(expectStatus(await vault.listVaults(), 200).body.data.vaults).toEqual([]);

    const gh = 'ghp_R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo';
    const batch = await server.api(apiKey).capture.captureBatch({
      body: {
        events: [
          {
            type: 'command_exec',
            sessionId: 'b',
            payload: { command: `git push https://x:${gh}@github.com/o/r`, exitCode: 0 },
          },
          {
            type: 'tool_call',
            sessionId: 'b',
            payload: { tool: 'http', input: { headers: { Authorization: `token ${gh}` } } },
          },
          { type: 'message', sessionId: 'b', payload: { role: 'assistant', content: 'done' } },
        ],
      },
    });
    const ids = expectStatus(batch, 201).body.data.results.map((r) => r.eventId);
    for (const id of ids.slice(0, 2)) expect(JSON.stringify(await storedEvent(id!))).not.toContain(gh);
    expect(JSON.stringify(await storedEvent(ids[2]!))).not.toContain('vault://');
    const system = expectStatus(await vault.listVaults(), 200).body.data.vaults[0]!;
    const items = expectStatus(await vault.listItems({ params: { vaultId: system.id } }), 200).body.data.items;
    expect(items).toHaveLength(2);
  });

  it('redactCapture through the service: findings name paths and items, clean input comes back as is', async () => {
    const { user } = await newTenant(server);
    const actor = {
      kind: 'user' as const,
      tenantId: user.tenantId,
      userId: user.userId,
      environment: 'live' as const,
      plan: 'enterprise' as const,
      requestId: 'req-test',
    };
    const vault = server.ctx.services.vault;
    const cleanPayload = { content: 'hello' };
    const clean = await vault.redactCapture(server.ctx.db, actor, {
      eventId: 'evt_X',
      payload: cleanPayload,
      metadata: {},
    });
    expect(clean.payload).toBe(cleanPayload);
    expect(clean.findings).toEqual([]);

    const out = await vault.redactCapture(server.ctx.db, actor, {
      eventId: 'evt_Y',
      payload: { content: `key ${AWS_KEY}` },
      metadata: { db: { password: 'Tr0ub4dor&3' } },
    });
    expect(out.findings.map((f) => [f.path, f.ruleId])).toEqual([
      ['payload.content', 'aws_access_key_id'],
      ['metadata.db.password', 'password_field'],
    ]);
    const [a, b] = out.findings;
    expect(out.payload).toEqual({ content: `key vault://${a!.vaultId}/${a!.itemId}` });
    expect(out.metadata).toEqual({ db: { password: `vault://${b!.vaultId}/${b!.itemId}` } });
  });
});
