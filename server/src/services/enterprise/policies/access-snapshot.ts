/**
 * What namespace access decisions read, per tenant: its namespaces, its access policies by
 * organization, and (loaded lazily) each actor's role and teams in an organization. Core routes ask
 * for a decision on every call, so the snapshot is kept in process for a few seconds, as API-key
 * look-ups are (auth/key-cache.ts), and dropped on every instance through the invalidation bus when
 * a policy, namespace, membership, team or agent changes (`{ kind: 'access' }`, published after the
 * change commits and before its request answers). While the bus cannot guarantee that (its Redis
 * subscription is down, or PostgreSQL without Redis) every decision reads the database.
 */
import type { Role } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Queryable } from '../../../db/client.js';
import { accessPolicies, agents, namespaces, orgMembers, teamMembers } from '../../../db/schema/index.js';
import type { InvalidationBus } from '../../../auth/invalidations.js';
import type { PolicyRule } from './policy-engine.js';
import { toRule } from './policy-rows.js';

export interface NamespaceRef {
  id: string;
  name: string;
  organizationId: string;
  sensitivity: string;
}

/** Role and teams the actor holds in an organization, plus the agent it acts as. */
export interface Subject {
  role?: Role;
  teamIds: string[];
  agentId?: string;
}

export interface AccessSnapshot {
  namespaces: NamespaceRef[];
  /** A namespace by id, else by name (ids win, as the stored value is an id once resolved). */
  find(value: string): NamespaceRef | undefined;
  rulesByOrg: Map<string, PolicyRule[]>;
  /** Subjects loaded so far, by actor and organization. */
  subjects: Map<string, Subject>;
  /**
   * Unregistered names found holding data: a read naming one checks it on every request (404 for a
   * typo), and data only leaves a name by erasure, so a yes is kept as long as the snapshot (a no is
   * not: the next capture would stay unseen).
   */
  heldNames: Set<string>;
  /** The cache generation the snapshot was loaded in: later loads are kept only while it holds. */
  generation: number;
}

async function loadSnapshot(q: Queryable, tenantId: string, generation: number): Promise<AccessSnapshot> {
  const [spaces, rules] = await Promise.all([
    q
      .select({
        id: namespaces.id,
        name: namespaces.name,
        organizationId: namespaces.organizationId,
        sensitivity: namespaces.sensitivity,
      })
      .from(namespaces)
      .where(eq(namespaces.tenantId, tenantId)),
    q.select().from(accessPolicies).where(eq(accessPolicies.tenantId, tenantId)),
  ]);
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const byName = new Map(spaces.map((s) => [s.name, s]));
  const rulesByOrg = new Map<string, PolicyRule[]>();
  for (const row of rules) {
    const list = rulesByOrg.get(row.organizationId) ?? [];
    list.push(toRule(row));
    rulesByOrg.set(row.organizationId, list);
  }
  return {
    namespaces: spaces,
    find: (value) => byId.get(value) ?? byName.get(value),
    rulesByOrg,
    subjects: new Map(),
    heldNames: new Set(),
    generation,
  };
}

async function loadSubject(q: Queryable, actor: Actor, organizationId: string): Promise<Subject> {
  let role: Role | undefined;
  const teamIds = new Set<string>();
  if (actor.kind === 'user' && actor.userId) {
    const [member] = await q
      .select({ id: orgMembers.id, role: orgMembers.role })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.tenantId, actor.tenantId),
          eq(orgMembers.organizationId, organizationId),
          eq(orgMembers.userId, actor.userId),
          eq(orgMembers.status, 'active'),
        ),
      )
      .limit(1);
    if (member) {
      role = member.role as Role;
      const rows = await q
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, actor.tenantId), eq(teamMembers.memberId, member.id)));
      for (const r of rows) teamIds.add(r.teamId);
    }
  }
  if (actor.agentId) {
    const [agent] = await q
      .select({ teamId: agents.teamId })
      .from(agents)
      .where(and(eq(agents.id, actor.agentId), eq(agents.tenantId, actor.tenantId)))
      .limit(1);
    if (agent?.teamId) teamIds.add(agent.teamId);
  }
  return { role, teamIds: [...teamIds], agentId: actor.agentId };
}

export function createAccessCache(opts: { ttlMs: number; maxTenants: number; bus: InvalidationBus }) {
  const entries = new Map<string, { snapshot: AccessSnapshot; until: number }>();
  // Bumped on every invalidation: a load that started before one must not store what it read.
  let generation = 0;

  opts.bus.subscribe((message) => {
    generation += 1;
    if (message.kind === 'all') entries.clear();
    else if (message.kind === 'access' || message.kind === 'tenant') entries.delete(message.tenantId);
  });

  const enabled = () => opts.ttlMs > 0 && opts.bus.live();

  return {
    /** The tenant's snapshot: cached, or read through `q` (pass the transaction inside one). */
    async snapshot(tenantId: string, q: Queryable): Promise<AccessSnapshot> {
      if (enabled()) {
        const hit = entries.get(tenantId);
        if (hit && hit.until > Date.now()) return hit.snapshot;
        if (hit) entries.delete(tenantId);
      }
      const started = generation;
      const snapshot = await loadSnapshot(q, tenantId, started);
      if (enabled() && generation === started) {
        if (entries.size >= opts.maxTenants) entries.delete(entries.keys().next().value as string);
        entries.set(tenantId, { snapshot, until: Date.now() + opts.ttlMs });
      }
      return snapshot;
    },

    /** The actor's role and teams in an organization, kept with the snapshot it was asked under. */
    async subject(snapshot: AccessSnapshot, actor: Actor, organizationId: string, q: Queryable): Promise<Subject> {
      const key = `${actor.kind}\u0000${actor.userId ?? ''}\u0000${actor.agentId ?? ''}\u0000${organizationId}`;
      const hit = snapshot.subjects.get(key);
      if (hit) return hit;
      const subject = await loadSubject(q, actor, organizationId);
      if (generation === snapshot.generation) snapshot.subjects.set(key, subject);
      return subject;
    },

    /**
     * Whether an unregistered name holds data (`load` asks the database), a yes kept with the tenant's
     * cached snapshot. With the cache off, `load` alone: a snapshot read for it would cost more than it saves.
     */
    async nameHoldsData(tenantId: string, name: string, q: Queryable, load: () => Promise<boolean>): Promise<boolean> {
      if (!enabled()) return load();
      const snapshot = await this.snapshot(tenantId, q);
      if (snapshot.heldNames.has(name)) return true;
      const held = await load();
      if (held && generation === snapshot.generation) snapshot.heldNames.add(name);
      return held;
    },
  };
}

export type AccessCache = ReturnType<typeof createAccessCache>;

/**
 * Awaits a committed change to the tenant's access state (a policy, namespace, membership, team or
 * agent), then drops the tenant's snapshot on every instance before the change's request answers.
 */
export async function afterAccessChange<T>(bus: InvalidationBus, tenantId: string, change: Promise<T>): Promise<T> {
  const result = await change;
  await accessChanged(bus, tenantId);
  return result;
}

/** Drops the tenant's access snapshot on every instance (call after the change commits). */
export const accessChanged = (bus: InvalidationBus, tenantId: string): Promise<void> =>
  bus.publish({ kind: 'access', tenantId });
