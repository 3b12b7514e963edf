/** Audit log and memory access log. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const auditContract = c.router({});
