/**
 * Every org-scoped route of the enterprise layer (organizations, teams, members, agents, namespaces,
 * policies, lineage, lifecycle, audit) with
 * the roles DESIGN.md §4 allows, and a way to build a request that succeeds when allowed. Written out
 * by hand (not read from the contract's matrix) so a wrong matrix fails the tests.
 */
import { createAgent, createNamespace, createTeam, insertMemory, must, uniqueEmail } from '../helpers/index.js';
import type { TestOrg, TestServer } from '../helpers/index.js';

export const ALL_ROLES = ['owner', 'admin', 'manager', 'developer', 'analyst', 'viewer'] as const;
export type RoleName = (typeof ALL_ROLES)[number];

export interface BuiltRequest {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  body?: Record<string, unknown>;
}

/** Ids of resources in an organization a request can target. */
export interface OrgResources {
  teamId: string;
  memberId: string;
  agentId: string;
  namespaceId: string;
  policyId: string;
  lifecyclePolicyId: string;
  memoryId: string;
}

export interface RouteCase {
  name: string;
  allowed: readonly RoleName[];
  /** Builds the request against `orgId`, with fresh resources from `fresh` when the call consumes one. */
  build: (orgId: string, res: OrgResources) => BuiltRequest;
  /** Makes the resources this call consumes (a team to delete, a member to remove...). */
  fresh?: (server: TestServer, org: TestOrg) => Promise<OrgResources>;
}

let n = 0;
const unique = (tag: string) => `${tag} ${process.pid}-${++n}-${Math.random().toString(36).slice(2, 7)}`;

/** A team, an invited viewer and an agent, made by the owner. */
export async function makeResources(server: TestServer, org: TestOrg): Promise<OrgResources> {
  const owner = server.api(org.owner);
  const params = { orgId: org.id };
  const teamId = await createTeam(server, org, unique('team'));
  const invited = await owner.members.invite({ params, body: { email: uniqueEmail('target'), role: 'viewer' } });
  const agentId = await createAgent(server, org, { name: unique('agent'), framework: 'langgraph', teamId });
  const namespace = await createNamespace(server, org, { name: unique('ns').replace(/\W+/g, '-') });
  const scope = `namespace:${namespace.id}`;
  const policy = await owner.policies.create({
    params,
    body: { name: unique('policy'), effect: 'allow', resource: scope, action: 'read', priority: 1 },
  });
  const lifecycle = await owner.lifecycle.create({
    params,
    body: { name: unique('retention'), scope, deleteAfterDays: 3650 },
  });
  // In the organization's namespace: a memory of `default` is the tenant owner's, whose lineage only
  // the owner reads (docs/decisions/access-control.md).
  const memoryId = await insertMemory(server, org.owner.tenantId, {
    content: 'rbac lineage probe',
    namespace: namespace.id,
  });
  return {
    teamId,
    memberId: must('invite', invited, 201).body.data.member.id,
    agentId,
    namespaceId: namespace.id,
    policyId: must('policy', policy, 201).body.data.id,
    lifecyclePolicyId: must('lifecycle policy', lifecycle, 201).body.data.id,
    memoryId,
  };
}

const ANY: readonly RoleName[] = ALL_ROLES;
const OAM: readonly RoleName[] = ['owner', 'admin', 'manager'];
const OA: readonly RoleName[] = ['owner', 'admin'];
const READERS: readonly RoleName[] = ['owner', 'admin', 'manager', 'developer', 'analyst'];

export const ROUTES: RouteCase[] = [
  { name: 'GET org', allowed: ANY, build: (o) => ({ method: 'get', path: `/v1/organizations/${o}` }) },
  {
    name: 'PATCH org',
    allowed: ['owner', 'admin'],
    build: (o) => ({ method: 'patch', path: `/v1/organizations/${o}`, body: { name: unique('org') } }),
  },
  {
    name: 'POST teams',
    allowed: OAM,
    build: (o) => ({ method: 'post', path: `/v1/organizations/${o}/teams`, body: { name: unique('team') } }),
  },
  { name: 'GET teams', allowed: ANY, build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/teams` }) },
  {
    name: 'GET team',
    allowed: ANY,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/teams/${r.teamId}` }),
  },
  {
    name: 'PATCH team',
    allowed: OAM,
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/teams/${r.teamId}`,
      body: { description: 'changed' },
    }),
  },
  {
    name: 'DELETE team',
    allowed: OAM,
    fresh: makeResources,
    build: (o, r) => ({ method: 'delete', path: `/v1/organizations/${o}/teams/${r.teamId}` }),
  },
  {
    name: 'POST members/invite',
    allowed: OAM,
    build: (o) => ({
      method: 'post',
      path: `/v1/organizations/${o}/members/invite`,
      body: { email: uniqueEmail('invitee'), role: 'viewer' },
    }),
  },
  { name: 'GET members', allowed: OAM, build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/members` }) },
  {
    name: 'PATCH member',
    allowed: OAM,
    fresh: makeResources,
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/members/${r.memberId}`,
      body: { role: 'analyst' },
    }),
  },
  {
    name: 'DELETE member',
    allowed: ['owner', 'admin'],
    fresh: makeResources,
    build: (o, r) => ({ method: 'delete', path: `/v1/organizations/${o}/members/${r.memberId}` }),
  },
  {
    name: 'POST agents',
    allowed: ['owner', 'admin', 'manager', 'developer'],
    build: (o) => ({ method: 'post', path: `/v1/organizations/${o}/agents`, body: { name: unique('agent') } }),
  },
  { name: 'GET agents', allowed: ANY, build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/agents` }) },
  {
    name: 'GET agent',
    allowed: ANY,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/agents/${r.agentId}` }),
  },
  {
    name: 'PATCH agent',
    allowed: ['owner', 'admin', 'manager', 'developer'],
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/agents/${r.agentId}`,
      body: { description: 'changed' },
    }),
  },
  {
    name: 'DELETE agent',
    allowed: OAM,
    fresh: makeResources,
    build: (o, r) => ({ method: 'delete', path: `/v1/organizations/${o}/agents/${r.agentId}` }),
  },
  {
    name: 'GET audit',
    allowed: ['owner', 'admin', 'manager', 'analyst'],
    build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/audit` }),
  },
  {
    name: 'GET access-logs',
    allowed: ['owner', 'admin', 'manager', 'analyst'],
    build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/access-logs` }),
  },
  {
    name: 'POST namespaces',
    allowed: OAM,
    build: (o) => ({
      method: 'post',
      path: `/v1/organizations/${o}/namespaces`,
      body: { name: unique('ns').replace(/\W+/g, '-') },
    }),
  },
  {
    name: 'GET namespaces',
    allowed: ANY,
    build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/namespaces` }),
  },
  {
    name: 'GET namespace',
    allowed: ANY,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/namespaces/${r.namespaceId}` }),
  },
  {
    name: 'PATCH namespace',
    allowed: OAM,
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/namespaces/${r.namespaceId}`,
      body: { description: 'changed' },
    }),
  },
  {
    name: 'POST policies',
    allowed: OA,
    build: (o) => ({
      method: 'post',
      path: `/v1/organizations/${o}/policies`,
      body: { name: unique('p'), effect: 'deny', resource: 'namespace:nothing-here', action: 'write', priority: 1 },
    }),
  },
  {
    name: 'GET policies',
    allowed: READERS,
    build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/policies` }),
  },
  {
    name: 'GET policy',
    allowed: READERS,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/policies/${r.policyId}` }),
  },
  {
    name: 'PATCH policy',
    allowed: OA,
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/policies/${r.policyId}`,
      body: { priority: 2 },
    }),
  },
  {
    name: 'DELETE policy',
    allowed: OA,
    fresh: makeResources,
    build: (o, r) => ({ method: 'delete', path: `/v1/organizations/${o}/policies/${r.policyId}` }),
  },
  {
    name: 'GET lineage',
    allowed: READERS,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/lineage/${r.memoryId}` }),
  },
  {
    name: 'GET lineage graph',
    allowed: READERS,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/lineage/graph/${r.memoryId}` }),
  },
  {
    name: 'POST lifecycle-policies',
    allowed: OA,
    build: (o) => ({
      method: 'post',
      path: `/v1/organizations/${o}/lifecycle-policies`,
      body: { name: unique('keep'), scope: 'namespace:nothing-here', deleteAfterDays: 3650 },
    }),
  },
  {
    name: 'GET lifecycle-policies',
    allowed: OA,
    build: (o) => ({ method: 'get', path: `/v1/organizations/${o}/lifecycle-policies` }),
  },
  {
    name: 'GET lifecycle-policy',
    allowed: OA,
    build: (o, r) => ({ method: 'get', path: `/v1/organizations/${o}/lifecycle-policies/${r.lifecyclePolicyId}` }),
  },
  {
    name: 'PATCH lifecycle-policy',
    allowed: OA,
    build: (o, r) => ({
      method: 'patch',
      path: `/v1/organizations/${o}/lifecycle-policies/${r.lifecyclePolicyId}`,
      body: { deleteAfterDays: 3000 },
    }),
  },
  {
    name: 'DELETE lifecycle-policy',
    allowed: OA,
    fresh: makeResources,
    build: (o, r) => ({ method: 'delete', path: `/v1/organizations/${o}/lifecycle-policies/${r.lifecyclePolicyId}` }),
  },
  {
    name: 'POST lifecycle-policies/run',
    allowed: OA,
    build: (o) => ({ method: 'post', path: `/v1/organizations/${o}/lifecycle-policies/run` }),
  },
];
