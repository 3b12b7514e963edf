/** Vault: encrypted secrets: domain logic. */
import type { Actor } from '../context.js';
import type { Queryable } from '../db/client.js';
import type { ServiceDeps, Services } from './index.js';

export interface RedactionFinding {
  /** JSON path of the redacted value, e.g. `payload.content` or `metadata.env.DB_URL`. */
  path: string;
  ruleId: string;
  vaultId: string;
  itemId: string;
}

export function createVaultService(_deps: ServiceDeps, _services: Services) {
  return {
    /**
     * Scans an event's payload and metadata for secrets; stores each in the tenant's system vault and
     * replaces it by `vault://<vaultId>/<itemId>`. Runs inside the capture transaction `q`.
     * (Placeholder until the vault issue lands: returns the input unchanged.)
     */
    async redactCapture(
      _q: Queryable,
      _actor: Actor,
      input: { eventId: string; payload: Record<string, unknown>; metadata: Record<string, unknown> },
    ): Promise<{ payload: Record<string, unknown>; metadata: Record<string, unknown>; findings: RedactionFinding[] }> {
      return { payload: input.payload, metadata: input.metadata, findings: [] };
    },
  };
}
