/**
 * Moved to test/helpers (fixtures.ts and db-fixtures.ts); this re-export remains only for the suites
 * under test/cli that still import it from here. New tests import test/helpers directly.
 */
export { auditActions, createOrg, type TestOrg } from '../helpers/fixtures.js';
export { bearer } from '../helpers/client.js';
export * from '../helpers/db-fixtures.js';
