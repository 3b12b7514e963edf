/** Operator administration (operator token): tenant plans. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const adminContract = c.router({});
