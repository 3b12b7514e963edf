/**
 * The SIGTERM drain under keep-alive capture load (issue 26, finding 5: 2 requests were cut with
 * ECONNRESET and only 4 of 6 answers after the signal said `Connection: close`). Eight clients send
 * captures and batches back to back on kept-alive connections, as the SDK does; the server is sent
 * SIGTERM mid-stream. Then:
 * - no request is cut: the only error allowed is ECONNREFUSED, a new connection refused at the door
 *   (nothing was sent); never ECONNRESET or a hang-up on a connection the server had accepted;
 * - nothing acknowledged is lost, and nothing refused is stored (each request has its own session);
 * - every answer given once the drain began carries `Connection: close`;
 * - the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 * The drain's moment is the server's own "draining" line on stdout (server/src/main.ts).
 */
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../helpers/scratch-database.js';
import { cleanupAll, message, newTenant, skipReason, sleep, startServerProcess } from './harness.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;
/** A response written just before the drain can be read after its stdout line: this much slack. */
const MARKER_SLACK_MS = 150;

interface Outcome {
  session: string;
  events: number;
  startedAt: number;
  endedAt: number;
  reusedSocket?: boolean;
  status?: number;
  connection?: string;
  error?: string;
}

function send(url: string, apiKey: string, agent: Agent, path: string, body: unknown, o: Outcome): Promise<void> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          authorization: `Bearer ${apiKey}`,
        },
        timeout: 60_000,
      },
      (res) => {
        res.resume();
        res.on('error', (err: NodeJS.ErrnoException) => {
          o.error = err.code ?? err.message;
          resolve();
        });
        res.on('end', () => {
          o.status = res.statusCode;
          o.connection = String(res.headers.connection ?? '');
          resolve();
        });
      },
    );
    req.on('socket', () => {
      o.reusedSocket = req.reusedSocket;
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      o.error = err.code ?? err.message;
      resolve();
    });
    req.end(payload);
  });
}

describe.skipIf(skipReason)('SIGTERM drain under keep-alive capture load', () => {
  const databaseUrl = useScratchDatabase(`hx_drain_${Date.now().toString(36)}_${process.pid}`, cleanupAll);

  it('cuts no request, loses nothing acknowledged, closes every connection it answers, exits 0', async () => {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl(),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    });
    const { apiKey } = await newTenant(server.url, 'drain');
    const agent = new Agent({ keepAlive: true });
    const outcomes: Outcome[] = [];
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    let n = 0;
    const loop = async (events: number) => {
      while (!exited) {
        const session = `drain-${n++}`;
        const o: Outcome = { session, events, startedAt: Date.now(), endedAt: 0 };
        if (events === 1) await send(server.url, apiKey, agent, '/v1/capture', message(`drain ${session}`, session), o);
        else {
          const body = {
            events: Array.from({ length: events }, (_, i) => message(`${session} event ${i} of the drain`, session)),
          };
          await send(server.url, apiKey, agent, '/v1/capture/batch', body, o);
        }
        o.endedAt = Date.now();
        outcomes.push(o);
        // As the SDK: after a refusal, wait Retry-After (1 s) before trying again.
        if (o.error || o.status === 503) await sleep(1000);
      }
    };
    const loops = [...Array.from({ length: 6 }, () => loop(1)), loop(100), loop(100)];
    await sleep(3000);
    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    let drainAt = 0;
    while (!drainAt) {
      if (server.output().includes('draining')) drainAt = Date.now();
      else if (exited) throw new Error(`exited without saying it was draining:\n${server.output()}`);
      else await sleep(5);
    }
    const exit = await server.exited;
    const exitedAt = Date.now();
    await Promise.all(loops);
    agent.destroy();

    expect(exit.code, server.output()).toBe(0);
    expect(exitedAt - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5000);
    // Load was running, and some of it was in flight when the drain began.
    expect(outcomes.filter((o) => o.status === 201 && o.startedAt < sigtermAt).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.startedAt < drainAt && o.endedAt > drainAt).length).toBeGreaterThan(0);
    // No request cut: the one error allowed is a new connection refused once the listener closed.
    const cut = outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');
    expect(cut.map((o) => `${o.session}: ${o.error} (reused socket: ${o.reusedSocket})`)).toEqual([]);
    // Every answer read after the drain began closes its connection.
    const answeredAfter = outcomes.filter((o) => o.status !== undefined && o.endedAt > drainAt + MARKER_SLACK_MS);
    // On a quiet machine every in-flight request may finish before the drain starts, so none is
    // answered after it; the check below then holds for the (empty) rest.
    expect(answeredAfter.filter((o) => o.connection !== 'close').map((o) => `${o.session}: ${o.status}`)).toEqual([]);
    // Stored exactly when acknowledged: 201 -> all its events, anything else -> none.
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    const rows = await client.query<{ session_id: string; n: number }>(
      "select session_id, count(*)::int as n from events where session_id like 'drain-%' group by 1",
    );
    await client.end();
    const stored = new Map(rows.rows.map((r) => [r.session_id, r.n]));
    const wrong = outcomes
      .map((o) => ({ o, count: stored.get(o.session) ?? 0, expected: o.status === 201 ? o.events : 0 }))
      .filter(({ count, expected }) => count !== expected)
      .map(
        ({ o, count, expected }) =>
          `${o.session}: status ${o.status ?? o.error}, stored ${count}, expected ${expected}`,
      );
    expect(wrong).toEqual([]);
    const acknowledged = outcomes.filter((o) => o.status === 201).length;
    console.info(
      `drain: ${outcomes.length} requests, ${acknowledged} acknowledged and stored, ` +
        `${answeredAfter.length} answered after the drain began (all Connection: close), ` +
        `${outcomes.filter((o) => o.error === 'ECONNREFUSED').length} refused at the door, exit after ${exitedAt - sigtermAt} ms`,
    );
  }, 300_000);
});
