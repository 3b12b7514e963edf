/** Learn: memory compilation jobs. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const learnContract = c.router({});
