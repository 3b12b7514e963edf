/**
 * Faults of the process itself: SIGTERM under load drains (every answer after it says
 * `Connection: close`, nothing new is accepted on kept-alive connections, in-flight requests finish,
 * none is cut, the process exits 0), and kill -9 during a stream of batches loses nothing acknowledged
 * and stores no batch in part.
 */
import { execFileSync } from 'node:child_process';
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cleanupAll,
  message,
  newTenant,
  type PrivatePostgres,
  skipReason,
  sleep,
  startPostgres,
  startServerProcess,
  until,
} from './harness.js';

const SHUTDOWN_TIMEOUT_MS = 20_000;
/** The signal reaches a busy child's event loop with some delay on a loaded machine. */
const SIGNAL_GRACE_MS = 2000;

interface Outcome {
  startedAt: number;
  endedAt: number;
  status?: number;
  connection?: string;
  error?: string;
  session?: string;
}

const batch = (session: string, n: number) => ({
  events: Array.from({ length: n }, (_, i) => message(`${session} event ${i} about the deploy pipeline`, session)),
});

describe.skipIf(skipReason)('process faults', () => {
  let pg: PrivatePostgres;
  const psql = (query: string) =>
    execFileSync('psql', ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', '-d', 'hx', '-AtXqc', query])
      .toString()
      .trim();
  /** Events stored per session, for the sessions named. */
  const storedPerSession = (sessions: string[]) => {
    const out = new Map<string, number>(sessions.map((s) => [s, 0]));
    if (sessions.length === 0) return out;
    const list = sessions.map((s) => `'${s}'`).join(',');
    for (const line of psql(`select session_id, count(*) from events where session_id in (${list}) group by 1`).split(
      '\n',
    )) {
      if (!line) continue;
      const [session, count] = line.split('|');
      out.set(session as string, Number(count));
    }
    return out;
  };

  beforeAll(async () => {
    pg = await startPostgres();
  }, 300_000);
  afterAll(() => cleanupAll());

  it('SIGTERM under load: drains with Connection: close, accepts nothing new, cuts nothing, exits 0', async () => {
    const server = await startServerProcess({ DATABASE_URL: pg.url, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const { apiKey } = await newTenant(server.url, 'sigterm');
    const agent = new Agent({ keepAlive: true });
    const outcomes: Outcome[] = [];
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    let n = 0;
    const loop = async (kind: 'small' | 'batch') => {
      while (!exited) {
        const i = n++;
        const session = kind === 'batch' ? `sigterm-batch-${i}` : 'sigterm-small';
        const o: Outcome = { startedAt: Date.now(), endedAt: 0, session: kind === 'batch' ? session : undefined };
        try {
          const res =
            kind === 'batch'
              ? await call(server.url, 'POST', '/v1/capture/batch', { token: apiKey, body: batch(session, 200), agent })
              : await call(server.url, 'POST', '/v1/capture', {
                  token: apiKey,
                  body: message(`small ${i}`, session),
                  agent,
                });
          o.status = res.status;
          o.connection = String(res.headers.connection ?? '');
        } catch (err) {
          o.error = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
          await sleep(50);
        }
        o.endedAt = Date.now();
        outcomes.push(o);
      }
    };
    const loops = [...Array.from({ length: 6 }, () => loop('small')), loop('batch'), loop('batch')];
    await sleep(3000);
    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const exitedAt = Date.now();
    await Promise.all(loops);
    agent.destroy();

    expect(exit.code).toBe(0);
    expect(exitedAt - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 10_000);
    const before = outcomes.filter((o) => o.startedAt < sigtermAt);
    expect(before.filter((o) => o.status !== undefined && o.status < 300).length).toBeGreaterThan(0);
    // In flight at SIGTERM: every one answered (none cut), each with a success or a clean 503.
    const cut = before.filter((o) => o.endedAt > sigtermAt && o.error !== undefined);
    expect(cut.map((o) => o.error)).toEqual([]);
    // Started well after SIGTERM: none accepted (refused connection, or 503 with Connection: close).
    const late = outcomes.filter((o) => o.startedAt > sigtermAt + SIGNAL_GRACE_MS);
    expect(late.filter((o) => o.status !== undefined && o.status !== 503).map((o) => o.status)).toEqual([]);
    // Every answer given once the drain began closes its connection.
    const answeredLate = outcomes.filter((o) => o.status !== undefined && o.endedAt > sigtermAt + SIGNAL_GRACE_MS);
    expect(answeredLate.filter((o) => o.connection !== 'close').length).toBe(0);
    // A batch is stored whole exactly when its client was told so.
    const batches = outcomes.filter((o) => o.session);
    const stored = storedPerSession(batches.map((o) => o.session as string));
    for (const o of batches) {
      const expected = o.status === 201 ? 200 : 0;
      expect(`${o.session}: ${stored.get(o.session as string)}`).toBe(`${o.session}: ${expected}`);
    }
  }, 300_000);

  it('kill -9 during a batch stream: acknowledged batches are stored whole, the rest not at all', async () => {
    const server = await startServerProcess({ DATABASE_URL: pg.url });
    const { apiKey } = await newTenant(server.url, 'kill9');
    const outcomes: Outcome[] = [];
    let dead = false;
    let n = 0;
    const loop = async () => {
      while (!dead) {
        const session = `kill9-batch-${n++}`;
        const o: Outcome = { startedAt: Date.now(), endedAt: 0, session };
        try {
          o.status = (
            await call(server.url, 'POST', '/v1/capture/batch', { token: apiKey, body: batch(session, 300) })
          ).status;
        } catch (err) {
          o.error = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        }
        o.endedAt = Date.now();
        outcomes.push(o);
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    // Mid-stream: once batches are being acknowledged, with others in flight.
    await until(() => outcomes.some((o) => o.status === 201), 120_000, 20);
    await sleep(300);
    server.child.kill('SIGKILL');
    await server.exited;
    dead = true;
    await Promise.all(loops);

    expect(outcomes.some((o) => o.status === 201)).toBe(true);
    expect(outcomes.some((o) => o.error)).toBe(true);
    const stored = storedPerSession(outcomes.map((o) => o.session as string));
    for (const o of outcomes) {
      const count = stored.get(o.session as string);
      if (o.status === 201) expect(`${o.session}: ${count}`).toBe(`${o.session}: 300`);
      else expect([0, 300]).toContain(count);
    }
    // A new process on the same database serves the same key at once.
    const again = await startServerProcess({ DATABASE_URL: pg.url });
    const res = await call(again.url, 'POST', '/v1/capture', {
      token: apiKey,
      body: message('after the crash', 'kill9-after'),
    });
    expect(res.status).toBe(201);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 300_000);
});
