/**
 * The Hx API contract. One ts-rest router holds every route of the API, grouped by area; the server
 * implements it, the SDK calls it and the OpenAPI document is generated from it.
 */
import { initContract } from '@ts-rest/core';
import { apiKeysContract } from './routes/api-keys.js';
import { authContract } from './routes/auth.js';
import { opsContract } from './routes/ops.js';
import { adminContract } from './routes/admin.js';
import { captureContract } from './routes/capture.js';
import { learnContract } from './routes/learn.js';
import { synthesizeContract } from './routes/synthesize.js';
import { artifactsContract } from './routes/artifacts.js';
import { memoriesContract } from './routes/memories.js';
import { usageContract } from './routes/usage.js';
import { organizationsContract } from './routes/organizations.js';
import { teamsContract } from './routes/teams.js';
import { membersContract } from './routes/members.js';
import { agentsContract } from './routes/agents.js';
import { namespacesContract } from './routes/namespaces.js';
import { policiesContract } from './routes/policies.js';
import { auditContract } from './routes/audit.js';
import { lineageContract } from './routes/lineage.js';
import { lifecycleContract } from './routes/lifecycle.js';
import { vaultContract } from './routes/vault.js';
import { storeContract } from './routes/store.js';

export * from './common.js';
export * from './permissions.js';
export * from './plans.js';
export * from './routes/api-keys.js';
export * from './routes/auth.js';
export * from './routes/ops.js';
export * from './routes/admin.js';
export * from './routes/capture.js';
export * from './routes/learn.js';
export * from './routes/synthesize.js';
export * from './routes/artifacts.js';
export * from './routes/memories.js';
export * from './routes/usage.js';
export * from './routes/organizations.js';
export * from './routes/teams.js';
export * from './routes/members.js';
export * from './routes/agents.js';
export * from './routes/namespaces.js';
export * from './routes/policies.js';
export * from './routes/audit.js';
export * from './routes/lineage.js';
export * from './routes/lifecycle.js';
export * from './routes/vault.js';
export * from './routes/store.js';

const c = initContract();

const v1 = { pathPrefix: '/v1', strictStatusCodes: true } as const;

// One declaration per area: a single inferred type for the whole contract exceeds what tsc can
// serialize for the .d.ts (TS7056), so Contract is spelled out from the per-area types.
const opsRoutes = c.router(opsContract, { strictStatusCodes: true });
const authRoutes = c.router(authContract, v1);
const apiKeysRoutes = c.router(apiKeysContract, v1);
const adminRoutes = c.router(adminContract, v1);
const captureRoutes = c.router(captureContract, v1);
const learnRoutes = c.router(learnContract, v1);
const synthesizeRoutes = c.router(synthesizeContract, v1);
const artifactsRoutes = c.router(artifactsContract, v1);
const memoriesRoutes = c.router(memoriesContract, v1);
const storeRoutes = c.router(storeContract, v1);
const usageRoutes = c.router(usageContract, v1);
const organizationsRoutes = c.router(organizationsContract, v1);
const teamsRoutes = c.router(teamsContract, v1);
const membersRoutes = c.router(membersContract, v1);
const agentsRoutes = c.router(agentsContract, v1);
const namespacesRoutes = c.router(namespacesContract, v1);
const policiesRoutes = c.router(policiesContract, v1);
const auditRoutes = c.router(auditContract, v1);
const lineageRoutes = c.router(lineageContract, v1);
const lifecycleRoutes = c.router(lifecycleContract, v1);
const vaultRoutes = c.router(vaultContract, v1);
export type Contract = {
  ops: typeof opsRoutes;
  auth: typeof authRoutes;
  apiKeys: typeof apiKeysRoutes;
  admin: typeof adminRoutes;
  capture: typeof captureRoutes;
  learn: typeof learnRoutes;
  synthesize: typeof synthesizeRoutes;
  artifacts: typeof artifactsRoutes;
  memories: typeof memoriesRoutes;
  store: typeof storeRoutes;
  usage: typeof usageRoutes;
  organizations: typeof organizationsRoutes;
  teams: typeof teamsRoutes;
  members: typeof membersRoutes;
  agents: typeof agentsRoutes;
  namespaces: typeof namespacesRoutes;
  policies: typeof policiesRoutes;
  audit: typeof auditRoutes;
  lineage: typeof lineageRoutes;
  lifecycle: typeof lifecycleRoutes;
  vault: typeof vaultRoutes;
};
export const contract: Contract = c.router({
  ops: opsRoutes,
  auth: authRoutes,
  apiKeys: apiKeysRoutes,
  admin: adminRoutes,
  capture: captureRoutes,
  learn: learnRoutes,
  synthesize: synthesizeRoutes,
  artifacts: artifactsRoutes,
  memories: memoriesRoutes,
  store: storeRoutes,
  usage: usageRoutes,
  organizations: organizationsRoutes,
  teams: teamsRoutes,
  members: membersRoutes,
  agents: agentsRoutes,
  namespaces: namespacesRoutes,
  policies: policiesRoutes,
  audit: auditRoutes,
  lineage: lineageRoutes,
  lifecycle: lifecycleRoutes,
  vault: vaultRoutes,
});

export type ContractArea = keyof Contract;

/** The API's version string prefix; the server adds its build version. */
export const API_VERSION = 'v1';
