/**
 * The namespace reference stored on events, memories, artifacts and store items. A registered
 * namespace is stored by its id (stable across renames), an unregistered one (`default`, or a name
 * no organization has registered) by its name. Registering a name that rows already carry moves
 * those rows to the new id, so a filter by the name or by the id finds the same items (migration
 * 0014 did the same for rows stored before this rule).
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './client.js';

/** Whether any event, memory, artifact or store item of the tenant is stored under this unregistered name. */
export async function nameHoldsData(
  database: Database,
  q: Queryable,
  tenantId: string,
  name: string,
): Promise<boolean> {
  const [row] = await database.rows<{ held: boolean }>(
    sql`select (
      exists (select 1 from events where tenant_id = ${tenantId} and namespace = ${name})
      or exists (select 1 from memories where tenant_id = ${tenantId} and namespace = ${name})
      or exists (select 1 from artifacts where tenant_id = ${tenantId} and namespace = ${name})
      or exists (select 1 from store_items where tenant_id = ${tenantId} and namespace = ${name})
    ) as held`,
    q,
  );
  return row?.held === true;
}

/**
 * Moves the rows stored under `name` to the namespace id `id`. Artifacts are keyed by namespace, type
 * and key: one whose twin already lives under the id is a stale compile of the same thing, so it is
 * deprecated (its key suffixed with its id) instead of colliding; learn rebuilds artifacts anyway.
 */
export async function moveNameToId(
  database: Database,
  q: Queryable,
  tenantId: string,
  name: string,
  id: string,
): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => database.rows(query, q);
  await run(sql`update events set namespace = ${id} where tenant_id = ${tenantId} and namespace = ${name}`);
  await run(sql`update memories set namespace = ${id} where tenant_id = ${tenantId} and namespace = ${name}`);
  await run(sql`update store_items set namespace = ${id} where tenant_id = ${tenantId} and namespace = ${name}`);
  await run(sql`update artifacts a set namespace = ${id},
      key = case when exists (select 1 from artifacts b where b.tenant_id = a.tenant_id
        and b.environment = a.environment and b.namespace = ${id} and b.type = a.type and b.key = a.key)
        then a.key || ':' || a.id else a.key end,
      status = case when exists (select 1 from artifacts b where b.tenant_id = a.tenant_id
        and b.environment = a.environment and b.namespace = ${id} and b.type = a.type and b.key = a.key)
        then 'deprecated' else a.status end
    where a.tenant_id = ${tenantId} and a.namespace = ${name}`);
}
