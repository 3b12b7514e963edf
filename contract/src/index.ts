/**
 * The Hx API contract. One ts-rest router holds every route of the API, grouped by area; the server
 * implements it, the SDK calls it and the OpenAPI document is generated from it.
 */
import { initContract } from '@ts-rest/core';
import { apiKeysContract } from './routes/api-keys.js';
import { authContract } from './routes/auth.js';
import { opsContract } from './routes/ops.js';

export * from './common.js';
export * from './permissions.js';
export * from './routes/api-keys.js';
export * from './routes/auth.js';
export * from './routes/ops.js';

const c = initContract();

const v1 = { pathPrefix: '/v1', strictStatusCodes: true } as const;

export const contract = c.router({
  ops: c.router(opsContract, { strictStatusCodes: true }),
  auth: c.router(authContract, v1),
  apiKeys: c.router(apiKeysContract, v1),
});

export type Contract = typeof contract;
export type ContractArea = keyof Contract;

/** The API's version string prefix; the server adds its build version. */
export const API_VERSION = 'v1';
