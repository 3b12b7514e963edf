/**
 * `hx import`: the whole file is checked before anything is sent (bad lines named, nothing stored),
 * and an import cut off mid-file (the answer of a stored batch lost, then the server unreachable)
 * resumes from its checkpoint: the batch in flight replays through its idempotency keys, nothing is
 * stored twice, and nothing counts as a duplicate.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.js';
import { type HxHome, hx, json, signedUpHome } from './run-hx.js';

const server = useTestServer({}, { timeout: 600_000 });

const storedEvents = async (tenantId: string) =>
  Number(
    (
      await server.ctx.database.rows<{ n: string }>(sql`select count(*) as n from events where tenant_id = ${tenantId}`)
    )[0]?.n,
  );

const line = (i: number) =>
  JSON.stringify({ type: 'message', payload: { role: 'user', content: `Fact ${i}: I like tea number ${i}.` } });

/**
 * A proxy to the test server that loses the answer of batch `loseAnswerOf` (the server stores it, the
 * client's connection is cut) and answers 503 to every request after it, until `heal()`.
 */
function flakyProxy(upstream: string, loseAnswerOf: number) {
  const batchKeys: string[] = [];
  let healed = false;
  const forward = async (req: IncomingMessage, body: Buffer) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
    }
    return fetch(`${upstream}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
  };
  const proxy: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const isBatch = req.method === 'POST' && req.url === '/v1/capture/batch';
    if (isBatch) batchKeys.push(String(req.headers['idempotency-key']));
    const n = batchKeys.length;
    if (isBatch && !healed && n > loseAnswerOf) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: { code: 'unavailable', message: 'proxy down', details: [] } }));
      return;
    }
    const answer = await forward(req, body);
    if (isBatch && !healed && n === loseAnswerOf) {
      req.socket.destroy(); // stored upstream, answer lost
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return {
    batchKeys,
    heal: () => {
      healed = true;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

describe('hx import', () => {
  let home: HxHome;
  let tenantId: string;
  beforeAll(async () => ({ home, tenantId } = await signedUpHome(server.url, 'cli-import')), 600_000);

  it('checks every line first: bad lines are named with their numbers and nothing is stored', async () => {
    const file = join(home.dir, 'bad.jsonl');
    const lines = Array.from({ length: 30 }, (_, i) => line(i));
    lines[1] = '{"type":"message","payload":';
    lines[19] = JSON.stringify({ type: 'message', payload: { role: 'user' } });
    lines[27] = JSON.stringify({ type: 'not-a-type', payload: {} });
    writeFileSync(file, `${lines.join('\n')}\n`);
    const [text, asJson] = await Promise.all([
      hx(home, ['import', file, '--session', 's-bad', '--batch-size', '5']),
      hx(home, ['import', file, '--session', 's-bad', '--json']),
    ]);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/3 bad line\(s\).*nothing was imported/);
    expect(text.stderr).toMatch(/line 2: not valid JSON/);
    expect(text.stderr).toMatch(/line 20: payload\.content: a message payload needs content/);
    expect(text.stderr).toMatch(/line 28: type: /);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stderr).error).toMatchObject({
      code: 'invalid_file',
      details: [
        { field: 'line 2', message: 'not valid JSON' },
        { field: 'line 20', message: expect.any(String) },
        { field: 'line 28', message: expect.any(String) },
      ],
    });
    expect(await storedEvents(tenantId)).toBe(0);
  }, 600_000);

  it('resumes after a failure mid-file from its checkpoint, without storing twice or counting duplicates', async () => {
    const file = join(home.dir, 'events.jsonl');
    const total = 23;
    // A blank line in the middle: line numbers (and so keys) follow the file, not the event count.
    const lines = Array.from({ length: total }, (_, i) => line(100 + i));
    lines.splice(10, 0, '');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const proxy = flakyProxy(server.url, 3);
    const url = await proxy.listen();
    try {
      const failed = await hx(home, ['--url', url, 'import', file, '--session', 's-resume', '--batch-size', '5']);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /stopped after line 10 \(10 of 23 events imported\); run the same command again to resume/,
      );
      // Batch 3 (lines 12-16) was stored although its answer was lost: 15 events are in.
      expect(await storedEvents(tenantId)).toBe(15);
      const checkpoints = join(home.dir, 'state', 'hx', 'imports');
      expect(readdirSync(checkpoints)).toHaveLength(1);

      proxy.heal();
      const sentBefore = proxy.batchKeys.length;
      const resumed = await hx(home, [
        '--url',
        url,
        'import',
        file,
        '--session',
        's-resume',
        '--batch-size',
        '5',
        '--json',
      ]);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(json(resumed)).toMatchObject({ total, ingested: total, duplicates: 0, errors: 0, resumedAfterLine: 10 });
      expect(await storedEvents(tenantId)).toBe(total);
      // Only the rest was sent, starting with the batch whose answer was lost, under the same key.
      const resent = proxy.batchKeys.slice(sentBefore);
      expect(resent).toHaveLength(3);
      expect(resent[0]).toBe(proxy.batchKeys[2]);
      expect(readdirSync(checkpoints)).toHaveLength(0);

      // A completed import run again replays every line: still nothing stored twice.
      const again = await hx(home, ['import', file, '--session', 's-resume', '--json']);
      expect(json(again)).toMatchObject({ total, duplicates: 0, resumedAfterLine: 0 });
      expect(await storedEvents(tenantId)).toBe(total);
    } finally {
      await proxy.close();
    }
  }, 600_000);
});
