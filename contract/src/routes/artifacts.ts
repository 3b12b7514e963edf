/** Compiled artifacts: list and get. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const artifactsContract = c.router({});
