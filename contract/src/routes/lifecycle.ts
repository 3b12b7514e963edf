/** Lifecycle (retention) policies. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const lifecycleContract = c.router({});
