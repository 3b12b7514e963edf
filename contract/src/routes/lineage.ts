/** Memory lineage. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const lineageContract = c.router({});
