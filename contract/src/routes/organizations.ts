/** Organizations. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const organizationsContract = c.router({});
