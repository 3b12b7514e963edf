/**
 * Vault: encrypted secrets. Builds the key provider and envelope once and binds the operations, each
 * in its own file: vaults.ts (CRUD, sharing included), items.ts and versions.ts (items and their versions), reveal.ts
 * (audited reads), audit.ts, kek-rotation.ts, redaction.ts (capture secrets into the system vault).
 * Who may use a vault is access.ts; docs/decisions/vault.md says what is guaranteed.
 */
import type { Actor } from '../../actor.js';
import type { RequestOrigin } from '../../audit/record.js';
import { forbidden } from '../../errors.js';
import { createEnvelope } from '../../crypto/envelope.js';
import type { Kek, KeyProvider } from '../../crypto/key-provider.js';
import { createLocalKeyProvider } from '../../crypto/kek.js';
import type { Queryable } from '../../db/client.js';
import type { ServiceDeps } from '../deps.js';
import { auditLog } from './audit.js';
import { type ItemUpdate, createItem, deleteItem, listItems, updateItem } from './items.js';
import { type RotateOptions, rotateKek } from './kek-rotation.js';
import type { VaultDeps, VaultRow } from './model.js';
import { redactCapture } from './redaction.js';
import { getItem, revealItem } from './reveal.js';
import { type VaultUpdate, createVault, deleteVault, listVaults, updateVault } from './vaults.js';
import { listVersions, pruneVersions } from './versions.js';

export { SYSTEM_VAULT_NAME, vaultReference } from './model.js';
export type { RedactionFinding } from './redaction.js';

type Page = { limit: number; cursor?: string };

/** How a read of a value was asked for: the password given again, and whether the credential was the console's cookie. */
export interface SecretRead {
  password?: string;
  viaConsoleCookie: boolean;
  origin: RequestOrigin;
}

/** The account check the reveal needs (services/account/auth.ts), given by services/index.ts. */
export interface PasswordCheck {
  confirmPassword(actor: Actor, password: string, origin: RequestOrigin): Promise<void>;
}

export function createVaultService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'logger'>,
  /** A KMS adapter; default: the local key file or VAULT_KEK (crypto/kek.ts). */
  keyProvider?: KeyProvider,
  account?: PasswordCheck,
) {
  const keys = keyProvider ?? createLocalKeyProvider(deps.config, deps.logger);
  const d: VaultDeps = {
    db: deps.database.db,
    envelope: createEnvelope(keys),
    keys,
    logger: deps.logger,
    systemVaultsByTx: new WeakMap<Queryable, Map<string, VaultRow>>(),
  };
  return {
    /** Where the KEK comes from (env, data-dir, file, memory or a KMS) and the current id; for operators. */
    kekInfo: () => ({ kekId: keys.currentKeyId(), source: keys.source }),
    createVault: (actor: Actor, input: Parameters<typeof createVault>[2]) => createVault(d, actor, input),
    listVaults: (actor: Actor, query: Page) => listVaults(d, actor, query),
    updateVault: (actor: Actor, vaultId: string, input: VaultUpdate) => updateVault(d, actor, vaultId, input),
    deleteVault: (actor: Actor, vaultId: string) => deleteVault(d, actor, vaultId),
    createItem: (actor: Actor, vaultId: string, input: Parameters<typeof createItem>[3]) =>
      createItem(d, actor, vaultId, input),
    listItems: (actor: Actor, vaultId: string, query: Page) => listItems(d, actor, vaultId, query),
    updateItem: (actor: Actor, vaultId: string, itemId: string, input: ItemUpdate) =>
      updateItem(d, actor, vaultId, itemId, input),
    getItem: (actor: Actor, vaultId: string, itemId: string, version: number | undefined, read: SecretRead) => {
      // A console session reads values only through reveal, which asks for the password again.
      if (read.viaConsoleCookie) {
        throw forbidden('From the console a secret is read with reveal, which asks for your password again');
      }
      return getItem(d, actor, vaultId, itemId, version);
    },
    /** The value, after the password again when given, and always when the credential is the console's cookie. */
    revealItem: async (
      actor: Actor,
      vaultId: string,
      itemId: string,
      version: number | undefined,
      read: SecretRead,
    ) => {
      if (read.password !== undefined) {
        if (!account) throw forbidden('Passwords cannot be checked here');
        await account.confirmPassword(actor, read.password, read.origin);
      } else if (read.viaConsoleCookie) {
        throw forbidden('Enter your password again to reveal a secret from the console');
      }
      return revealItem(d, actor, vaultId, itemId, version, read.password !== undefined);
    },
    listVersions: (actor: Actor, vaultId: string, itemId: string, query: Page) =>
      listVersions(d, actor, vaultId, itemId, query),
    pruneVersions: (actor: Actor, vaultId: string, itemId: string, keep: number) =>
      pruneVersions(d, actor, vaultId, itemId, keep),
    deleteItem: (actor: Actor, vaultId: string, itemId: string) => deleteItem(d, actor, vaultId, itemId),
    auditLog: (actor: Actor, vaultId: string, query: Page) => auditLog(d, actor, vaultId, query),
    /** Operator KEK rotation, resumable (kek-rotation.ts); `next` is for tests and embedding code. */
    rotateKek: (actor: Actor, next?: Kek, options?: RotateOptions) => rotateKek(d, actor, next, options),
    redactCapture: (q: Queryable, actor: Actor, input: Parameters<typeof redactCapture>[3]) =>
      redactCapture(d, q, actor, input),
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
