/** Memory namespaces. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const namespacesContract = c.router({});
