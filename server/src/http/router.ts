/**
 * Assembles the implementation of the whole contract from the area handler modules with ts-rest's
 * `initServer().router`: it is typed by the contract, so a missing area or route does not compile.
 */
import { contract } from '@hx-memory/contract';
import { initServer } from '@ts-rest/express';
import type { AppContext } from '../context.js';
import type { Metrics } from '../metrics.js';
import { createAdminHandlers } from './admin.js';
import { createAgentsHandlers } from './agents.js';
import { createApiKeysHandlers } from './api-keys.js';
import { createArtifactsHandlers } from './artifacts.js';
import { createAuditHandlers } from './audit.js';
import { createAuthHandlers } from './auth.js';
import { createCaptureHandlers } from './capture.js';
import { createLearnHandlers } from './learn.js';
import { createLifecycleHandlers } from './lifecycle.js';
import { createLineageHandlers } from './lineage.js';
import { createMembersHandlers } from './members.js';
import { createMemoriesHandlers } from './memories.js';
import { createNamespacesHandlers } from './namespaces.js';
import { createOpsHandlers } from './ops.js';
import { createOrganizationsHandlers } from './organizations.js';
import { createPoliciesHandlers } from './policies.js';
import { createStoreHandlers } from './store.js';
import { createSynthesizeHandlers } from './synthesize.js';
import { createTeamsHandlers } from './teams.js';
import { createUsageHandlers } from './usage.js';
import { createVaultHandlers } from './vault.js';

export function buildRouter(ctx: AppContext, metrics: Metrics) {
  return initServer().router(contract, {
    ops: createOpsHandlers(ctx, metrics),
    auth: createAuthHandlers(ctx),
    apiKeys: createApiKeysHandlers(ctx),
    admin: createAdminHandlers(ctx),
    capture: createCaptureHandlers(ctx),
    learn: createLearnHandlers(ctx),
    synthesize: createSynthesizeHandlers(ctx),
    artifacts: createArtifactsHandlers(ctx),
    memories: createMemoriesHandlers(ctx),
    store: createStoreHandlers(ctx),
    usage: createUsageHandlers(ctx),
    organizations: createOrganizationsHandlers(ctx),
    teams: createTeamsHandlers(ctx),
    members: createMembersHandlers(ctx),
    agents: createAgentsHandlers(ctx),
    namespaces: createNamespacesHandlers(ctx),
    policies: createPoliciesHandlers(ctx),
    audit: createAuditHandlers(ctx),
    lineage: createLineageHandlers(ctx),
    lifecycle: createLifecycleHandlers(ctx),
    vault: createVaultHandlers(ctx),
  });
}
