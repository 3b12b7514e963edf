/** Members of an organization and invitations. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const membersContract = c.router({});
