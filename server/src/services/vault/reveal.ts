/** Reading a secret (retrieve or reveal, any kept version): decrypted and audited in one transaction. */
import type { Actor } from '../../actor.js';
import { EnvelopeError } from '../../crypto/envelope.js';
import { AppError } from '../../errors.js';
import { findItem } from './access.js';
import { auditVault } from './audit.js';
import { type VaultDeps, contextOf, toItem } from './model.js';
import { sealedVersion } from './versions.js';

type Sealed = Awaited<ReturnType<typeof sealedVersion>>;

async function decrypt(deps: VaultDeps, sealed: Sealed): Promise<string> {
  try {
    return await deps.envelope.open(sealed, contextOf(sealed));
  } catch (err) {
    if (!(err instanceof EnvelopeError)) throw err;
    // Ids and the reason only: never the ciphertext, the key or the value.
    deps.logger.error(
      {
        itemId: sealed.itemId,
        vaultId: sealed.vaultId,
        version: sealed.version,
        kekId: sealed.kekId,
        reason: err.message,
      },
      'vault decrypt failed',
    );
    throw new AppError('internal_error', 'The secret could not be decrypted (key mismatch or tampered record)');
  }
}

function openAudited(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  itemId: string,
  version: number | undefined,
  action: string,
  extra: Record<string, unknown> = {},
) {
  return deps.db.transaction(async (tx) => {
    const { vault, item } = await findItem(tx, actor, vaultId, itemId, 'read');
    const sealed = await sealedVersion(tx, item, version);
    const value = await decrypt(deps, sealed);
    await auditVault(
      tx,
      actor,
      vault,
      action,
      { type: 'vault_item', id: item.id },
      { itemId: item.id, version: sealed.version, ...extra },
      item,
    );
    return { item, version: sealed.version, value };
  });
}

/** The item with the decrypted value of its current version, or of `version`. */
export async function getItem(deps: VaultDeps, actor: Actor, vaultId: string, itemId: string, version?: number) {
  const opened = await openAudited(deps, actor, vaultId, itemId, version, 'vault.item.retrieved');
  return { ...toItem(opened.item), version: opened.version, value: opened.value };
}

export async function revealItem(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  itemId: string,
  version: number | undefined,
  passwordConfirmed: boolean,
) {
  const {
    item,
    version: v,
    value,
  } = await openAudited(deps, actor, vaultId, itemId, version, 'vault.item.revealed', {
    passwordConfirmed,
  });
  return {
    id: item.id,
    vaultId: item.vaultId,
    name: item.name,
    version: v,
    value,
    revealedAt: new Date().toISOString(),
  };
}
