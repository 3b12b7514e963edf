/** Event capture: single and batch. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const captureContract = c.router({});
