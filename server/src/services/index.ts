/**
 * Builds every domain service once, in a fixed order: a service is built from only the dependencies
 * it names (`Pick<ServiceDeps, ...>`) and the services it calls, which are built before it. The calls
 * between services never loop: capture -> policies, vault, quota; lineage ->
 * namespaces, policies; usage -> quota; learn, synthesize, artifacts, memories, events, store -> policies.
 * Handlers reach services only through `ctx.services`, so each area's logic has exactly one home.
 */
import { createAdminService } from './account/admin.js';
import { createApiKeysService } from './account/api-keys.js';
import { createAuthService } from './account/auth.js';
import { createArtifactsService } from './core/artifacts.js';
import { createCaptureService } from './core/capture/capture.js';
import { createCaptureCounters } from './core/capture/counters.js';
import { createLearnService } from './core/learn/learn.js';
import { createEventsService } from './core/events.js';
import { createMemoriesService } from './core/memories.js';
import { createQuotaService } from './core/quota.js';
import { createStoreService } from './core/store.js';
import { createSynthesizeService } from './core/synthesize.js';
import { createEmbeddings } from '../embeddings/index.js';
import { createUsageService } from './core/usage.js';
import type { ServiceDeps } from './deps.js';
import { createAccessLog } from '../audit/access-log.js';
import { createInvalidationBus } from '../auth/invalidations.js';
import { createAgentsService } from './enterprise/agents.js';
import { createAuditService } from './enterprise/audit.js';
import { createLifecycleService } from './enterprise/lifecycle/lifecycle.js';
import { createLineageService } from './enterprise/lineage.js';
import { createMembersService } from './enterprise/members/members.js';
import { createNamespacesService } from './enterprise/namespaces.js';
import { createOrganizationsService } from './enterprise/organizations.js';
import { createPoliciesService } from './enterprise/policies/policies.js';
import { createTeamsService } from './enterprise/teams.js';
import { createVaultService } from './vault/vault.js';

export type { ServiceDeps } from './deps.js';

export function createServices(base: Omit<ServiceDeps, 'onShutdown' | 'invalidations'>) {
  const hooks: Array<() => Promise<void>> = [];
  const invalidations = createInvalidationBus({ redis: base.redis, logger: base.logger });
  hooks.push(() => invalidations.close());
  // Instances sharing PostgreSQL without Redis could not tell each other of a revocation: no auth cache.
  const config = base.config.DATABASE_URL && !base.redis ? { ...base.config, API_KEY_CACHE_MS: 0 } : base.config;
  const deps: ServiceDeps = { ...base, config, invalidations, onShutdown: (hook) => hooks.push(hook) };

  // Services that call no other service.
  const namespaces = createNamespacesService(deps);
  const quota = createQuotaService(deps);
  const auth = createAuthService(deps);
  const vault = createVaultService(deps, undefined, {
    confirmPassword: (actor, password, origin) => auth.confirmPassword(actor, password, origin),
  });
  const policies = createPoliciesService(deps);
  const accessLog = createAccessLog(deps);
  // Then the ones that call those, each given only what it calls.
  const captureCounters = createCaptureCounters(deps);
  // Undefined unless EMBEDDINGS_URL is set: then nothing of it runs.
  const embeddings = createEmbeddings(deps);
  return {
    // account
    auth,
    apiKeys: createApiKeysService(deps),
    admin: createAdminService(deps, { quota }),
    // core
    capture: createCaptureService(deps, { policies, vault, quota, counters: captureCounters }),
    learn: createLearnService(deps, { policies }),
    synthesize: createSynthesizeService(deps, { policies, embeddings, accessLog }),
    artifacts: createArtifactsService(deps, { policies, accessLog }),
    memories: createMemoriesService(deps, { policies, accessLog }),
    store: createStoreService(deps, { policies }),
    events: createEventsService(deps, { policies, accessLog }),
    usage: createUsageService(deps, { quota, counters: captureCounters, accessLog }),
    quota,
    /** The memory access log, written behind by a timer jobs/start.ts registers. */
    accessLog,
    /** Buffered capture counts, written by a timer jobs/start.ts registers. */
    captureCounters,
    /** Optional embeddings (undefined unless configured); jobs/start.ts starts its indexer. */
    embeddings,
    // enterprise
    organizations: createOrganizationsService(deps),
    teams: createTeamsService(deps),
    members: createMembersService(deps),
    agents: createAgentsService(deps),
    namespaces,
    policies,
    audit: createAuditService(deps, { accessLog }),
    lineage: createLineageService(deps, { namespaces, policies, accessLog }),
    lifecycle: createLifecycleService(deps, { accessLog }),
    // vault
    vault,
    /** Cache invalidations shared by every instance (auth/invalidations.ts). */
    invalidations,
    /** Releases the resources registered through ServiceDeps.onShutdown, last registered first (jobs/ stops the jobs). */
    async shutdown() {
      for (const hook of hooks.reverse()) await hook();
    },
  };
}

/** Every service, one per area. */
export type Services = ReturnType<typeof createServices>;
