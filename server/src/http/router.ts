/**
 * Assembles the implementation of the whole contract from the area handler modules. Any route an
 * area does not implement yet answers 501 not_implemented in the envelope, and is listed by
 * `notImplementedRoutes()` so the test suite can watch that list shrink.
 */
import { contract } from '@hx-memory/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { createApiKeysHandlers } from './api-keys.js';
import { createAuthHandlers } from './auth.js';
import type { Area, ContractImplementation } from './handlers.js';
import { createOpsHandlers } from './ops.js';
import { createAdminHandlers } from './admin.js';
import { createCaptureHandlers } from './capture.js';
import { createLearnHandlers } from './learn.js';
import { createSynthesizeHandlers } from './synthesize.js';
import { createArtifactsHandlers } from './artifacts.js';
import { createMemoriesHandlers } from './memories.js';
import { createUsageHandlers } from './usage.js';
import { createOrganizationsHandlers } from './organizations.js';
import { createTeamsHandlers } from './teams.js';
import { createMembersHandlers } from './members.js';
import { createAgentsHandlers } from './agents.js';
import { createNamespacesHandlers } from './namespaces.js';
import { createPoliciesHandlers } from './policies.js';
import { createAuditHandlers } from './audit.js';
import { createLineageHandlers } from './lineage.js';
import { createLifecycleHandlers } from './lifecycle.js';
import { createVaultHandlers } from './vault.js';

const NOT_IMPLEMENTED = Symbol('notImplemented');

function notImplemented(route: AppRoute) {
  const handler = async () => {
    throw new AppError('not_implemented', `${route.method} ${route.path} is not implemented yet`);
  };
  return Object.assign(handler, { [NOT_IMPLEMENTED]: true });
}

export function buildRouterImplementation(ctx: AppContext, metrics: Metrics): ContractImplementation {
  const areas: { [A in Area]?: Record<string, unknown> } = {
    ops: createOpsHandlers(ctx, metrics),
    auth: createAuthHandlers(ctx),
    apiKeys: createApiKeysHandlers(ctx),
    admin: createAdminHandlers(ctx),
    capture: createCaptureHandlers(ctx),
    learn: createLearnHandlers(ctx),
    synthesize: createSynthesizeHandlers(ctx),
    artifacts: createArtifactsHandlers(ctx),
    memories: createMemoriesHandlers(ctx),
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
  };
  const impl: Record<string, Record<string, unknown>> = {};
  for (const [area, routes] of Object.entries(contract) as [Area, AppRouter][]) {
    const given = areas[area] ?? {};
    impl[area] = {};
    for (const [name, route] of Object.entries(routes)) {
      if (!isAppRoute(route)) continue;
      impl[area][name] = given[name] ?? notImplemented(route);
    }
  }
  return impl as unknown as ContractImplementation;
}

/** `METHOD /path` of every route that still answers 501. */
export function notImplementedRoutes(impl: ContractImplementation): string[] {
  const out: string[] = [];
  for (const [area, routes] of Object.entries(contract) as [Area, AppRouter][]) {
    for (const [name, route] of Object.entries(routes)) {
      if (!isAppRoute(route)) continue;
      const handler = (impl as unknown as Record<string, Record<string, { [NOT_IMPLEMENTED]?: boolean }>>)[area]?.[
        name
      ];
      if (handler?.[NOT_IMPLEMENTED]) out.push(`${route.method} ${route.path}`);
    }
  }
  return out.sort();
}
