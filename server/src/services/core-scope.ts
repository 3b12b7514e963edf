/**
 * Which namespace a core call (capture, learn, reads) acts on. A key bound to a namespace writes and
 * reads only that one; other keys name it per call or fall back to the default namespace. Kept in one
 * place so capture, learn, artifacts, memories and synthesize agree.
 */
import type { Actor } from '../context.js';
import { AppError } from '../errors.js';

export const DEFAULT_NAMESPACE = 'default';

function refuse(field: string, bound: string, requested: string): AppError {
  return new AppError(
    'forbidden',
    `This API key is bound to namespace ${bound}; it cannot act on namespace ${requested}`,
    [{ field, message: `must be ${bound} (the key's namespace) or absent` }],
  );
}

/** The namespace an event or job writes to. */
export function writeNamespace(actor: Actor, requested: string | undefined, field = 'namespace'): string {
  if (actor.namespaceId) {
    if (requested !== undefined && requested !== actor.namespaceId) throw refuse(field, actor.namespaceId, requested);
    return actor.namespaceId;
  }
  return requested ?? DEFAULT_NAMESPACE;
}

/** The namespace filter of a read: the key's namespace when bound, else the requested one (or all). */
export function readNamespace(actor: Actor, requested: string | undefined, field = 'namespace'): string | undefined {
  if (actor.namespaceId) {
    if (requested !== undefined && requested !== actor.namespaceId) throw refuse(field, actor.namespaceId, requested);
    return actor.namespaceId;
  }
  return requested;
}
