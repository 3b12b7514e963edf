/** Shared steps of the limits tests: a server on a given plan, an operator to change plans, timing. */
import { randomUUID } from 'node:crypto';
import type { CaptureEvent, PlanName } from '@hx-memory/contract';
import { auth, must, startTestServer, type TestServer } from '../helpers/index.js';

export const OPERATOR_TOKEN = 'operator-token-for-limits-tests-0123456789';

/** A server whose default plan is `plan`; its own Redis key prefix so parallel files never share counts. */
export function startLimitedServer(plan: string, overrides: Record<string, string | undefined> = {}) {
  return startTestServer({
    DEFAULT_PLAN: plan,
    OPERATOR_TOKEN,
    RATE_LIMIT_PREFIX: `hx-test:${randomUUID()}`,
    // Registration and login come from one IP here; the per-IP limit has its own test.
    IP_RATE_LIMIT_PER_MINUTE: '100000',
    IP_RATE_LIMIT_BURST: '10000',
    ...overrides,
  });
}

/** The operator's view of a tenant after setting its plan. */
export async function setPlan(server: TestServer, tenantId: string, plan: PlanName) {
  const res = await server.api(OPERATOR_TOKEN).admin.updateTenant({ params: { tenantId }, body: { plan } });
  return must('set plan', res, 200).body.data;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A core (API key) request that does no work: an empty capture body fails validation after
 * authentication and counting, so it is cheap and stores nothing.
 */
export const coreRequest = (server: TestServer, key: string) =>
  server.http().post('/v1/capture').set(auth(key)).send({});

/** `n` new message events of one session, unique per `tag`. */
export const messageEvents = (n: number, tag: string): CaptureEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'message',
    sessionId: `s-${tag}`,
    payload: { role: 'user', content: `event ${tag} number ${i}` },
  }));

/** POST /v1/capture/batch of `messageEvents(n, tag)` with the API key `key`, through the typed client. */
export const captureBatch = (server: TestServer, key: string, n: number, tag: string) =>
  server.api(key).capture.captureBatch({ body: { events: messageEvents(n, tag) } });
