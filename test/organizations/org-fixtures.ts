/**
 * Moved to test/helpers/fixtures.ts; this re-export remains for suites written against the old path.
 * New tests import test/helpers directly.
 */
export { addMember, createOrg, type TestMember, type TestOrg, uniqueSlug } from '../helpers/fixtures.js';
export { bearer } from '../helpers/client.js';
