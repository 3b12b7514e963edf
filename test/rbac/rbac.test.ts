/**
 * Role-based access through HTTP, table-driven: every role against every org-scoped route of the
 * enterprise layer gets 2xx when DESIGN.md §4 allows it and 403 forbidden otherwise; plus the checks
 * that come before the role (JWT only, X-Organization-ID, tenant isolation). The table's requests are
 * written out by hand (route-table.ts) and sent raw, so a wrong contract path fails too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  useTestServer,
  addMember,
  auth,
  createApiKey,
  createOrg,
  registerUser,
  type TestMember,
  type TestOrg,
} from '../helpers/index.js';
import { ALL_ROLES, makeResources, type OrgResources, ROUTES, type RoleName } from './route-table.js';

const server = useTestServer();
let org: TestOrg;
let shared: OrgResources;
const users = {} as Record<RoleName, { accessToken: string }>;

beforeAll(async () => {
  org = await createOrg(server);
  users.owner = org.owner;
  for (const role of ALL_ROLES.filter((r) => r !== 'owner')) {
    users[role] = (await addMember(server, org, role)) as TestMember;
  }
  shared = await makeResources(server, org);
}, 120_000);

function call(token: string, req: ReturnType<(typeof ROUTES)[number]['build']>, headers: Record<string, string> = {}) {
  let r = server.http()[req.method](req.path).set(auth(token));
  for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
  return req.body ? r.send(req.body) : r;
}

describe('RBAC matrix', () => {
  for (const route of ROUTES) {
    for (const role of ALL_ROLES) {
      const allowed = route.allowed.includes(role);
      it(`${role} ${allowed ? 'may' : 'may not'} ${route.name}`, async () => {
        const res = route.fresh ? await route.fresh(server, org) : shared;
        const answer = await call(users[role].accessToken, route.build(org.id, res), { 'X-Organization-ID': org.id });
        if (allowed) {
          expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThan(300);
          expect(answer.body.ok).toBe(true);
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(403);
          expect(answer.body.error.code).toBe('forbidden');
          expect(answer.body.error.message).toContain(role);
        }
      });
    }
  }
});

describe('before the role is checked', () => {
  it('every route answers 401 to an API key of the same tenant', async () => {
    const key = await createApiKey(server, org.owner);
    for (const route of ROUTES) {
      const res = await call(key, route.build(org.id, shared));
      expect(res.status, route.name).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('every route answers 400 when X-Organization-ID differs from the path', async () => {
    for (const route of ROUTES) {
      const res = await call(org.owner.accessToken, route.build(org.id, shared), {
        'X-Organization-ID': 'org_somethingelse',
      });
      expect(res.status, route.name).toBe(400);
      expect(res.body.error.details[0].field).toBe('headers.x-organization-id');
    }
  });

  it("every route answers 404 to another tenant's owner, and changes nothing", async () => {
    const stranger = await registerUser(server, 'stranger');
    for (const route of ROUTES) {
      const res = await call(stranger.accessToken, route.build(org.id, shared));
      expect(res.status, route.name).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const team = await server.api(org.owner).teams.get({ params: { orgId: org.id, teamId: shared.teamId } });
    expect(team.status).toBe(200);
  });

  it("every route with a resource id answers 404 for another tenant's resource in one's own organization", async () => {
    const strangerOrg = await createOrg(server);
    for (const route of ROUTES) {
      const req = route.build(strangerOrg.id, shared);
      if (!/(teams|members|agents)\/[^/]+$/.test(req.path) || req.path.endsWith('/invite')) continue;
      const res = await call(strangerOrg.owner.accessToken, req);
      expect(res.status, route.name).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('a user of the same tenant who is not a member gets 404, not 403', async () => {
    const member = await addMember(server, org, 'viewer');
    const other = await createOrg(server, member as TestMember, 'Own org');
    expect(other.id).not.toBe(org.id);
    const memberId = (member as TestMember).memberId;
    const removed = await server.api(org.owner).members.remove({ params: { orgId: org.id, memberId } });
    expect(removed.status).toBe(200);
    const res = await call(member.accessToken, ROUTES[0]!.build(org.id, shared));
    expect(res.status).toBe(404);
  });
});
