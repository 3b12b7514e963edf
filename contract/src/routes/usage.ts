/** Usage metrics. */
import { initContract } from '@ts-rest/core';

const c = initContract();

export const usageContract = c.router({});
