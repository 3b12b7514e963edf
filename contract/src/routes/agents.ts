/** Agent identities. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const agentsContract = c.router({});
