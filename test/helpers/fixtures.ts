/**
 * Shared fixtures, made through the typed client the way a customer makes them: accounts, API keys,
 * organizations, members of a role, teams, namespaces and agents. Every one acts in a fresh tenant
 * (unique e-mails and slugs), so tests need no cleanup and never see each other's rows. Rows that no
 * route makes live in db-fixtures.ts.
 */
import type { CaptureEvent, Role } from '@hx-memory/contract';
import { Hx } from '@hx-memory/sdk';
import { type Credential, must, typedClient } from './client.js';

/** What the fixtures need of a server: its URL (a TestServer, or a RunningServer of a test's own). */
export interface Reachable {
  url: string;
}

const api = (server: Reachable, credential?: Credential) => typedClient(server.url, credential);

let counter = 0;
/** A unique e-mail per call, so every test acts in a fresh tenant (isolation without cleanup). */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

let slugCounter = 0;
/** A unique organization slug (lower-case letters, digits and hyphens). */
export function uniqueSlug(tag = 'org'): string {
  slugCounter += 1;
  return `${tag}-${process.pid}-${slugCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  tenantId: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a new account (its own tenant, or the inviting tenant with `inviteToken`). */
export async function registerUser(server: Reachable, tag = 'user', inviteToken?: string): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const password = TEST_PASSWORD;
  const res = await api(server).auth.register({
    body: { email, password, name: tag, ...(inviteToken ? { inviteToken } : {}) },
  });
  const { user, tokens } = must('register', res, 201).body.data;
  return {
    email,
    password,
    userId: user.id,
    tenantId: user.tenantId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
}

type ApiKeyBody = Partial<Parameters<ReturnType<typeof api>['apiKeys']['create']>[0]['body']>;

/** A new API key of `user`'s tenant (live by default); answers the secret. */
export async function createApiKey(server: Reachable, user: Credential, body: ApiKeyBody = {}): Promise<string> {
  const res = await api(server, user).apiKeys.create({ body: { name: 'test key', environment: 'live', ...body } });
  return must('api key', res, 201).body.data.key;
}

/** A fresh tenant with a user and a live API key: the usual starting point of a core-route test. */
export async function newTenant(server: Reachable, tag = 'tenant') {
  const user = await registerUser(server, tag);
  const apiKey = await createApiKey(server, user);
  return { user, apiKey, jwt: user.accessToken };
}

/**
 * The SDK client of a new tenant whose `events` were captured in one batch, then learned once: a
 * scenario's memory, as an agent's day of turns would leave it.
 */
export async function learnedTenant(server: Reachable, tag: string, events: CaptureEvent[]): Promise<Hx> {
  const { apiKey } = await newTenant(server, tag);
  const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
  await hx.captureBatch(events);
  await hx.learn({ wait: true });
  return hx;
}

/**
 * A new tenant whose `events` were captured in one batch, not learned: its typed client and the
 * events' ids in order. For retrieval tests over raw turns.
 */
export async function capturedTenant(server: Reachable, tag: string, events: CaptureEvent[]) {
  const { apiKey } = await newTenant(server, tag);
  const client = api(server, apiKey);
  const res = await client.capture.captureBatch({ body: { events } });
  return { api: client, ids: must('capture', res, 201).body.data.results.map((r) => r.eventId) };
}

export interface TestOrg {
  id: string;
  slug: string;
  owner: TestUser;
}

/** An organization owned by `owner` (a fresh user by default). */
export async function createOrg(server: Reachable, owner?: TestUser, name = 'Acme'): Promise<TestOrg> {
  const user = owner ?? (await registerUser(server, 'owner'));
  const slug = uniqueSlug();
  const res = await api(server, user).organizations.create({ body: { name, slug } });
  return { id: must('create org', res, 201).body.data.id, slug, owner: user };
}

export interface TestMember extends TestUser {
  memberId: string;
  role: string;
}

/** Invites a new e-mail with `role` (as `inviter`, the owner by default) and registers it with the token. */
export async function addMember(
  server: Reachable,
  org: TestOrg,
  role: Role,
  opts: { inviter?: TestUser; teamIds?: string[] } = {},
): Promise<TestMember> {
  const email = uniqueEmail(role);
  const invite = await api(server, opts.inviter ?? org.owner).members.invite({
    params: { orgId: org.id },
    body: { email, role, ...(opts.teamIds ? { teamIds: opts.teamIds } : {}) },
  });
  const { inviteToken, member } = must('invite', invite, 201).body.data;
  if (!inviteToken) throw new Error(`invite of ${email} answered no invite token`);
  const reg = await api(server).auth.register({ body: { email, password: TEST_PASSWORD, name: role, inviteToken } });
  const { user, tokens } = must('invited register', reg, 201).body.data;
  return {
    email,
    password: TEST_PASSWORD,
    userId: user.id,
    tenantId: user.tenantId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    memberId: member.id,
    role,
  };
}

/** A team of the organization, created by `as` (the owner by default); answers its id. */
export async function createTeam(server: Reachable, org: TestOrg, name = `team-${uniqueSlug('t')}`, as?: TestUser) {
  const res = await api(server, as ?? org.owner).teams.create({ params: { orgId: org.id }, body: { name } });
  return must('create team', res, 201).body.data.id;
}

type NamespaceBody = Parameters<ReturnType<typeof api>['namespaces']['create']>[0]['body'];

/** A registered namespace of the organization (created by the owner); answers its id and name. */
export async function createNamespace(
  server: Reachable,
  org: TestOrg,
  body: Partial<NamespaceBody> = {},
): Promise<{ id: string; name: string }> {
  const name = body.name ?? `ns-${uniqueSlug('n')}`;
  const res = await api(server, org.owner).namespaces.create({ params: { orgId: org.id }, body: { ...body, name } });
  const ns = must('create namespace', res, 201).body.data;
  return { id: ns.id, name: ns.name };
}

type AgentBody = Parameters<ReturnType<typeof api>['agents']['create']>[0]['body'];

/** An agent of the organization (created by the owner); answers its id. */
export async function createAgent(server: Reachable, org: TestOrg, body: Partial<AgentBody> = {}): Promise<string> {
  const res = await api(server, org.owner).agents.create({
    params: { orgId: org.id },
    body: { name: `agent-${uniqueSlug('a')}`, ...body },
  });
  return must('create agent', res, 201).body.data.id;
}

/** A user turn to capture: its text, and optionally its session (default s1), subject and namespace. */
export interface Turn {
  content: string;
  sessionId?: string;
  subjectId?: string;
  namespace?: string;
}

/**
 * Captures `turns` with `key` as one batch (user messages one minute apart from 2024-02-01 09:00 UTC),
 * then learns and waits for the job to complete; answers the event ids in order.
 */
export async function captureAndLearn(server: Reachable, key: string, turns: Turn[]): Promise<string[]> {
  const events = turns.map(({ content, sessionId = 's1', ...scope }, i) => ({
    type: 'message' as const,
    sessionId,
    ...scope,
    payload: { role: 'user' as const, content },
    occurredAt: new Date(Date.UTC(2024, 1, 1, 9, i)).toISOString(),
  }));
  const captured = must('capture', await api(server, key).capture.captureBatch({ body: { events } }), 201);
  const job = must('learn', await api(server, key).learn.learn({ body: { wait: true } }), 200).body.data;
  if (job.status !== 'completed') throw new Error(`learn ended ${job.status}: ${JSON.stringify(job)}`);
  return captured.body.data.results.map((r) => r.eventId);
}

let boundCounter = 0;
/** A registered namespace and an API key bound to it (organization -> namespace -> key), for scope tests. */
export async function namespaceBoundKey(
  server: Reachable,
  user: TestUser,
  name = `ns-${Date.now()}-${++boundCounter}`,
) {
  const org = await api(server, user).organizations.create({
    body: { name: `Org ${name}`, slug: `org-${name}`.toLowerCase() },
  });
  const orgId = must('org', org, 201).body.data.id;
  const ns = await api(server, user).namespaces.create({
    params: { orgId },
    body: { name, sensitivity: 'internal' },
  });
  const namespaceId = must('namespace', ns, 201).body.data.id;
  const key = await createApiKey(server, user, { namespaceId });
  return { key, namespaceId, name, orgId };
}

/** The organization's audit entries, newest first, through the audit route. */
export async function auditActions(server: Reachable, org: TestOrg) {
  const res = await api(server, org.owner).audit.list({ params: { orgId: org.id }, query: { limit: 100 } });
  return must('audit', res, 200).body.data.entries as {
    action: string;
    resourceId: string;
    details: Record<string, unknown>;
  }[];
}
