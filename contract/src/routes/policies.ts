/** Access policies (allow/deny). */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const policiesContract = c.router({});
