/** Which memories and events a policy's scope (`namespace:`, `agent:`, `subject:`) covers. */
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { events, memories, namespaces } from '../../../db/schema/index.js';
import type { LifecycleRow } from './policy-row.js';

export interface ScopeFilters {
  memory: SQL;
  event: SQL;
}

/** The namespace values (ids and names) a `namespace:` scope covers; an empty list matches nothing. */
async function scopeNamespaces(q: Queryable, row: LifecycleRow, ref: string): Promise<string[]> {
  const owned = await q
    .select({ id: namespaces.id, name: namespaces.name })
    .from(namespaces)
    .where(
      and(
        eq(namespaces.tenantId, row.tenantId),
        eq(namespaces.organizationId, row.organizationId),
        ref === '*' ? undefined : sql`(${namespaces.id} = ${ref} or ${namespaces.name} = ${ref})`,
      ),
    );
  if (ref === '*' || owned.length > 0) return owned.flatMap((n) => [n.id, n.name]);
  // Registered to another organization since the policy was written: never touch it.
  const elsewhere = await q
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(and(eq(namespaces.tenantId, row.tenantId), sql`(${namespaces.id} = ${ref} or ${namespaces.name} = ${ref})`))
    .limit(1);
  return elsewhere.length > 0 ? [] : [ref];
}

/** Row filters for memories and events in a policy's scope, or undefined when it covers nothing. */
export async function scopeFilters(q: Queryable, row: LifecycleRow): Promise<ScopeFilters | undefined> {
  const sep = row.scope.indexOf(':');
  const kind = row.scope.slice(0, sep);
  const ref = row.scope.slice(sep + 1);
  if (kind === 'namespace') {
    const values = await scopeNamespaces(q, row, ref);
    if (values.length === 0) return undefined;
    return { memory: inArray(memories.namespace, values), event: inArray(events.namespace, values) };
  }
  if (kind === 'agent') return { memory: eq(memories.agentId, ref), event: eq(events.agentId, ref) };
  if (kind === 'subject') return { memory: eq(memories.subjectId, ref), event: eq(events.subjectId, ref) };
  return undefined;
}
