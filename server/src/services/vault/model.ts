/** Vault rows and their API shapes, and what every vault operation shares (deps, ids, AAD context). */
import type { Vault, VaultItem, VaultSensitivity } from '@hx-memory/contract';
import type { Actor } from '../../actor.js';
import type { Envelope, SecretContext } from '../../crypto/envelope.js';
import type { KeyProvider } from '../../crypto/key-provider.js';
import type { Database, Queryable } from '../../db/client.js';
import type { vaultItemVersions, vaultItems, vaults } from '../../db/schema/index.js';
import type { Logger } from '../../logger.js';

export type VaultRow = typeof vaults.$inferSelect;
export type ItemRow = typeof vaultItems.$inferSelect;
export type VersionRow = typeof vaultItemVersions.$inferSelect;

/** What the vault operations run on; built once by createVaultService. */
export interface VaultDeps {
  db: Database['db'];
  envelope: Envelope;
  keys: KeyProvider;
  logger: Logger;
  /** System vaults already resolved per capture transaction (redaction.ts). */
  systemVaultsByTx: WeakMap<Queryable, Map<string, VaultRow>>;
}

export const SYSTEM_VAULT_NAME = 'system';

export const vaultReference = (vaultId: string, itemId: string) => `vault://${vaultId}/${itemId}`;

export const actorRef = (actor: Actor) => actor.userId ?? actor.apiKeyId ?? actor.kind;

export function toVault(row: VaultRow): Vault {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sensitivity: row.sensitivity as VaultSensitivity,
    system: row.system,
    organizationId: row.organizationId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toItem(row: ItemRow): VaultItem {
  return {
    id: row.id,
    vaultId: row.vaultId,
    name: row.name,
    type: row.type,
    metadata: row.metadata,
    version: row.version,
    reference: vaultReference(row.vaultId, row.id),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The AAD context of one sealed version: an item row (current) or a version row (older). */
export const contextOf = (row: {
  tenantId: string;
  vaultId: string;
  itemId: string;
  version: number;
}): SecretContext => ({
  tenantId: row.tenantId,
  vaultId: row.vaultId,
  itemId: row.itemId,
  version: row.version,
});
