/**
 * Moved to test/helpers/fixtures.ts; this re-export remains only for test/mcp, which still imports it
 * from here. New tests import test/helpers directly.
 */
export { namespaceBoundKey } from '../helpers/fixtures.js';
