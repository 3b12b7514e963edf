/**
 * Every refused request of an authenticated caller (a 403, or a 404 that hides an item out of the
 * caller's reach) leaves an audit entry with outcome `denied`:
 * who tried what, on which resource, and why it was refused. Written from the one error handler, so
 * no refusal path (role check, key scope, namespace policy, ownership) can forget it. The answer does
 * not wait for the row; a failed write is logged, never turned into a different answer.
 */
import type { AppRoute } from '@ts-rest/core';
import type { Request } from 'express';
import type { Db } from '../db/client.js';
import { type AppError, HiddenDenial } from '../errors.js';
import type { Logger } from '../logger.js';
import { recordAudit } from './record.js';

/**
 * `/v1/organizations/:orgId/teams/:teamId` on `/v1/organizations/org_1/teams/team_2` -> `teams`,
 * `team_2`: the last literal segment and the id that follows it. Read from the path itself, since a
 * refusal in the global middleware comes before Express has parsed any params.
 */
function targetOf(template: string, path: string) {
  const segments = template.split('/').filter(Boolean);
  const actual = path.split('/').filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i] as string;
    if (seg.startsWith(':') || seg === 'v1') continue;
    const next = segments[i + 1];
    const value = next?.startsWith(':') ? actual[i + 1] : undefined;
    return { resourceType: seg, resourceId: value === undefined ? null : safeDecode(value) };
  }
  return { resourceType: 'route', resourceId: null };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function createDenialRecorder(db: Db, logger: Logger) {
  return function recordDenial(req: Request, err: AppError): void {
    const actor = req.hx?.actor;
    // Operators and anonymous callers belong to no tenant; their refusals are in the request log.
    if (!actor || !actor.tenantId) return;
    const route = (req as Request & { tsRestRoute?: AppRoute }).tsRestRoute;
    const template = route?.path ?? req.path;
    const { resourceType, resourceId } = targetOf(template, req.path);
    recordAudit(db, actor, {
      action: 'access.denied',
      outcome: 'denied',
      resourceType,
      resourceId,
      organizationId: actor.organizationId ?? null,
      details: {
        method: req.method,
        route: template,
        reason: err instanceof HiddenDenial ? err.reason : err.message,
        ...(err instanceof HiddenDenial ? { answered: 'not_found' } : {}),
      },
    }).catch((e: unknown) =>
      logger.warn({ err: (e as Error).message, requestId: actor.requestId }, 'could not audit a denied request'),
    );
  };
}
