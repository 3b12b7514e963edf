/**
 * Builds every domain service once from the shared dependencies. Handlers reach services only
 * through `ctx.services`, so each area's logic has exactly one home. Services receive the registry
 * itself, so one may call another (capture -> vault redaction, synthesize -> access log) at call
 * time without an ordering between their constructors.
 */
import type { Redis } from 'ioredis';
import type { JwtIssuer } from '../auth/jwt.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import { createApiKeysService } from './api-keys.js';
import { createAuthService } from './auth.js';
import { createQuotaService } from './quota.js';
import { createAdminService } from './admin.js';
import { createCaptureService } from './capture.js';
import { createLearnService } from './learn.js';
import { createSynthesizeService } from './synthesize.js';
import { createArtifactsService } from './artifacts.js';
import { createMemoriesService } from './memories.js';
import { createUsageService } from './usage.js';
import { createOrganizationsService } from './organizations.js';
import { createTeamsService } from './teams.js';
import { createMembersService } from './members.js';
import { createAgentsService } from './agents.js';
import { createNamespacesService } from './namespaces.js';
import { createPoliciesService } from './policies.js';
import { createAuditService } from './audit.js';
import { createLineageService } from './lineage.js';
import { createLifecycleService } from './lifecycle.js';
import { createVaultService } from './vault.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  redis?: Redis;
  jwt: JwtIssuer;
  /** Registers background work to stop on shutdown (job runners, timers), before the database closes. */
  onShutdown: (hook: () => Promise<void>) => void;
}

/** Every service, one per area. An interface (not an inferred type) so services may reference it. */
export interface Services {
  apiKeys: ReturnType<typeof createApiKeysService>;
  auth: ReturnType<typeof createAuthService>;
  admin: ReturnType<typeof createAdminService>;
  capture: ReturnType<typeof createCaptureService>;
  learn: ReturnType<typeof createLearnService>;
  synthesize: ReturnType<typeof createSynthesizeService>;
  artifacts: ReturnType<typeof createArtifactsService>;
  memories: ReturnType<typeof createMemoriesService>;
  usage: ReturnType<typeof createUsageService>;
  organizations: ReturnType<typeof createOrganizationsService>;
  teams: ReturnType<typeof createTeamsService>;
  members: ReturnType<typeof createMembersService>;
  agents: ReturnType<typeof createAgentsService>;
  namespaces: ReturnType<typeof createNamespacesService>;
  policies: ReturnType<typeof createPoliciesService>;
  audit: ReturnType<typeof createAuditService>;
  lineage: ReturnType<typeof createLineageService>;
  lifecycle: ReturnType<typeof createLifecycleService>;
  vault: ReturnType<typeof createVaultService>;
  quota: ReturnType<typeof createQuotaService>;
  /** Stops background work registered through ServiceDeps.onShutdown, last registered first. */
  shutdown(): Promise<void>;
}

export function createServices(base: Omit<ServiceDeps, 'onShutdown'>): Services {
  const hooks: Array<() => Promise<void>> = [];
  const deps: ServiceDeps = { ...base, onShutdown: (hook) => hooks.push(hook) };
  const services = {} as Services;
  Object.assign(services, {
    apiKeys: createApiKeysService(deps),
    auth: createAuthService(deps),
    admin: createAdminService(deps, services),
    capture: createCaptureService(deps, services),
    learn: createLearnService(deps, services),
    synthesize: createSynthesizeService(deps, services),
    artifacts: createArtifactsService(deps, services),
    memories: createMemoriesService(deps, services),
    usage: createUsageService(deps, services),
    organizations: createOrganizationsService(deps, services),
    teams: createTeamsService(deps, services),
    members: createMembersService(deps, services),
    agents: createAgentsService(deps, services),
    namespaces: createNamespacesService(deps, services),
    policies: createPoliciesService(deps, services),
    audit: createAuditService(deps, services),
    lineage: createLineageService(deps, services),
    lifecycle: createLifecycleService(deps, services),
    vault: createVaultService(deps, services),
    quota: createQuotaService(deps),
    async shutdown() {
      for (const hook of hooks.reverse()) await hook();
    },
  } satisfies Services);
  return services;
}
