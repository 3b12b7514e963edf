/**
 * Which namespace a core call (capture, learn, reads) acts on, checked against the credential's reach
 * and access policies. A namespace is one thing however it is named: a registered namespace is stored
 * and filtered by its id whether the caller names it by id or by name; an unregistered one (`default`)
 * by its name. A key bound to a namespace acts only there; other keys name the namespace per call or
 * fall back to the default one. Kept in one place so capture, learn, artifacts, memories and
 * synthesize agree.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { AppError, HiddenDenial } from '../../errors.js';
import { denialMessage } from '../enterprise/policies/namespace-access.js';
import type { PoliciesService } from '../enterprise/policies/policies.js';

/** The policies calls core reads and writes make. */
export type NamespaceAccessChecker = Pick<
  PoliciesService,
  'checkNamespaceAccess' | 'unnamedScope' | 'namespaceHoldsData'
>;

/**
 * Which namespaces a read or delete covers: the one named (or the key's), after the access check, as
 * stored; or, when none is named, every namespace but `exclude` (ids and names the policies deny the
 * actor), or, for a credential bound to an organization, `only` the namespaces it reaches and may
 * access (possibly none).
 */
export interface NamespaceFilter {
  namespace?: string;
  exclude: string[];
  only?: string[];
}

export const DEFAULT_NAMESPACE = 'default';

const FIELD_HINT: Partial<Record<string, string>> = {
  outside_organization: "must be a namespace of the credential's organization",
  unregistered_namespace: "must be a namespace registered to the credential's organization",
  role_lacks_action: 'your role in its organization does not allow this',
};

/**
 * The stored reference of the namespace, after the access check (403 naming `field` on a denial);
 * `registered` when it resolved to a registered namespace.
 */
async function checkNamespace(
  policies: NamespaceAccessChecker,
  actor: Actor,
  namespace: string,
  action: 'read' | 'write' | 'delete',
  field: string,
  q?: Queryable,
): Promise<{ stored: string; registered: boolean }> {
  const decision = await policies.checkNamespaceAccess(actor, namespace, action, q);
  if (!decision.allowed) {
    throw new AppError('forbidden', denialMessage(namespace, action, decision), [
      {
        field,
        message: actor.namespaceId
          ? `must be the key's namespace (${actor.namespaceId}) or absent`
          : (FIELD_HINT[decision.reason] ?? `${action} denied by access policy`),
      },
    ]);
  }
  return { stored: decision.namespaceId ?? namespace, registered: decision.namespaceId !== undefined };
}

async function check(
  policies: NamespaceAccessChecker,
  actor: Actor,
  namespace: string,
  action: 'read' | 'write' | 'delete',
  field: string,
  q?: Queryable,
): Promise<string> {
  return (await checkNamespace(policies, actor, namespace, action, field, q)).stored;
}

/** The namespace an event or job writes to (as stored), after the write check. */
export async function resolveWriteNamespace(
  policies: NamespaceAccessChecker,
  actor: Actor,
  requested: string | undefined,
  field = 'namespace',
  q?: Queryable,
): Promise<string> {
  const namespace = requested ?? actor.namespaceId ?? DEFAULT_NAMESPACE;
  return check(policies, actor, namespace, 'write', field, q);
}

/**
 * The namespaces a read (or a delete) that may name none covers. A named namespace, or the key's, is
 * checked and refused with 403 as before; with none named, the ones the actor may not access are
 * left out, for every kind of actor, so an unbound key cannot read around a deny policy.
 * A read that names a namespace that does not exist (not `default`, not registered, and no data
 * stored under the name) answers 404 naming `field`: a typo is an error, not an empty answer
 * (docs/decisions/access-control.md, "A namespace that does not exist"). Deletes stay idempotent.
 */
export async function resolveNamespaceFilter(
  policies: NamespaceAccessChecker,
  actor: Actor,
  requested: string | undefined,
  action: 'read' | 'delete' = 'read',
  field = 'namespace',
): Promise<NamespaceFilter> {
  if (requested === undefined && !actor.namespaceId) return policies.unnamedScope(actor, action);
  const namespace = requested ?? (actor.namespaceId as string);
  const { stored, registered } = await checkNamespace(policies, actor, namespace, action, field);
  if (
    action === 'read' &&
    requested !== undefined &&
    !registered &&
    stored !== DEFAULT_NAMESPACE &&
    !(await policies.namespaceHoldsData(actor, stored))
  ) {
    throw new AppError('not_found', `Namespace ${namespace} does not exist`, [
      {
        field,
        message:
          'no namespace has this id or name: a namespace exists once something is captured into it or it is registered (GET /v1/organizations/:orgId/namespaces, `hx namespaces list`); omit it for the default namespace',
      },
    ]);
  }
  return { namespace: stored, exclude: [] };
}

/** The filter as a condition on a table's namespace column (undefined: no condition). */
export function namespaceCondition(column: SQLWrapper, filter: NamespaceFilter): SQL | undefined {
  if (filter.namespace !== undefined) return sql`${column} = ${filter.namespace}`;
  if (filter.only !== undefined) return sql`${column} = any(${sql.param(filter.only)}::text[])`;
  if (filter.exclude.length > 0) return sql`${column} <> all(${sql.param(filter.exclude)}::text[])`;
  return undefined;
}

/**
 * Whether the actor may `action` the namespace a stored row is in (single-item reads and deletes).
 * Inside a transaction pass it as `q`: on PGlite a query on the outer handle would wait forever.
 */
export async function mayAccessNamespace(
  policies: NamespaceAccessChecker,
  actor: Actor,
  namespace: string,
  action: 'read' | 'delete',
  q?: Queryable,
): Promise<boolean> {
  return (await policies.checkNamespaceAccess(actor, namespace, action, q)).allowed;
}

/**
 * For a single-item read or delete of a row in `namespace`: nothing when the actor may `action` it,
 * else a 404 exactly like a missing item's, audited as a denial (HiddenDenial).
 */
export async function assertItemAccess(
  policies: NamespaceAccessChecker,
  actor: Actor,
  what: string,
  namespace: string,
  action: 'read' | 'delete',
  q?: Queryable,
): Promise<void> {
  const decision = await policies.checkNamespaceAccess(actor, namespace, action, q);
  if (!decision.allowed) throw new HiddenDenial(what, denialMessage(namespace, action, decision));
}
