/**
 * Calls to routes a deployment may not have yet (lifecycle preview, KEK rotation): the SDK defines a
 * method only for routes in its contract, and an older server answers 404 "No route ..." for one it
 * lacks. Both become a NotSupportedError that says so, instead of a bare 404 or a TypeError.
 */
import { HxError } from '@hx-memory/sdk';
import { NotSupportedError } from './errors.js';

type Call = (input: Record<string, unknown>) => PromiseLike<unknown>;

export async function callOptionalRoute(area: object, method: string, what: string, input: Record<string, unknown>) {
  const call = (area as Record<string, unknown>)[method];
  if (typeof call !== 'function') {
    throw new NotSupportedError(`${what} is not supported by this server (its API has no such route yet)`);
  }
  try {
    return await (call as Call).call(area, input);
  } catch (err) {
    if (err instanceof HxError && err.status === 404 && /^No route /.test(err.message)) {
      throw new NotSupportedError(`${what} is not supported by this server (${err.message})`);
    }
    throw err;
  }
}
