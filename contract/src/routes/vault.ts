/** Vault: encrypted secrets. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const vaultContract = c.router({});
