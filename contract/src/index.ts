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

const c = initContract();

const v1 = { pathPrefix: '/v1', strictStatusCodes: true } as const;

export const contract = c.router({
  ops: c.router(opsContract, { strictStatusCodes: true }),
  auth: c.router(authContract, v1),
  apiKeys: c.router(apiKeysContract, v1),
  admin: c.router(adminContract, v1),
  capture: c.router(captureContract, v1),
  learn: c.router(learnContract, v1),
  synthesize: c.router(synthesizeContract, v1),
  artifacts: c.router(artifactsContract, v1),
  memories: c.router(memoriesContract, v1),
  usage: c.router(usageContract, v1),
  organizations: c.router(organizationsContract, v1),
  teams: c.router(teamsContract, v1),
  members: c.router(membersContract, v1),
  agents: c.router(agentsContract, v1),
  namespaces: c.router(namespacesContract, v1),
  policies: c.router(policiesContract, v1),
  audit: c.router(auditContract, v1),
  lineage: c.router(lineageContract, v1),
  lifecycle: c.router(lifecycleContract, v1),
  vault: c.router(vaultContract, v1),
});

export type Contract = typeof contract;
export type ContractArea = keyof Contract;

/** The API's version string prefix; the server adds its build version. */
export const API_VERSION = 'v1';
