/** Synthesize: prompt-ready context for a query. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const synthesizeContract = c.router({});
