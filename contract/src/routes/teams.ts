/** Teams of an organization. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const teamsContract = c.router({});
