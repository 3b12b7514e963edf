/**
 * Which namespace a core call (capture, learn, reads) acts on, checked against access policies. A
 * key bound to a namespace acts only there (by its id or name) and stores the id; other keys name the
 * namespace per call or fall back to the default one. Kept in one place so capture, learn, artifacts,
 * memories and synthesize agree.
 */
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { denialMessage, type PoliciesService } from '../enterprise/policies/policies.js';

/** The one policies call core reads and writes make. */
export type NamespaceAccessChecker = Pick<PoliciesService, 'checkNamespaceAccess'>;

export const DEFAULT_NAMESPACE = 'default';

async function check(
  policies: NamespaceAccessChecker,
  actor: Actor,
  namespace: string,
  action: 'read' | 'write',
  field: string,
  q?: Queryable,
): Promise<void> {
  const decision = await policies.checkNamespaceAccess(actor, namespace, action, q);
  if (!decision.allowed) {
    throw new AppError('forbidden', denialMessage(namespace, action, decision), [
      {
        field,
        message: actor.namespaceId
          ? `must be the key's namespace (${actor.namespaceId}) or absent`
          : `${action} denied by access policy`,
      },
    ]);
  }
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
  await check(policies, actor, namespace, 'write', field, q);
  return actor.namespaceId ?? namespace;
}

/** The namespace filter of a read (undefined = every namespace), after the read check. */
export async function resolveReadNamespace(
  policies: NamespaceAccessChecker,
  actor: Actor,
  requested: string | undefined,
  field = 'namespace',
): Promise<string | undefined> {
  if (requested === undefined && !actor.namespaceId) return undefined;
  const namespace = requested ?? (actor.namespaceId as string);
  await check(policies, actor, namespace, 'read', field);
  return actor.namespaceId ?? namespace;
}

/**
 * Binding-only form of resolveReadNamespace (no policy lookup), kept for callers that cannot await:
 * a bound key reads its namespace (by id), a different requested one is 403.
 */
export function readNamespace(actor: Actor, requested: string | undefined, field = 'namespace'): string | undefined {
  if (actor.namespaceId) {
    if (requested !== undefined && requested !== actor.namespaceId) {
      throw new AppError(
        'forbidden',
        `This API key is bound to namespace ${actor.namespaceId}; it cannot read ${requested}`,
        [{ field, message: `must be the key's namespace (${actor.namespaceId}) or absent` }],
      );
    }
    return actor.namespaceId;
  }
  return requested;
}
