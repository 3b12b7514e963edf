/**
 * Everything a test file needs, from one import: the server of the file, the typed client and its
 * status check, `auth`, and the fixtures. See test/README.md for the pattern.
 */
export * from './client.js';
export * from './db-fixtures.js';
export * from './fixtures.js';
export * from './temp-dir.js';
export * from './conversation.js';
export {
  postRaw,
  type ServerOverrides,
  startTestServer,
  type TestServer,
  useTestServer,
  useTestServers,
  withTestServer,
} from './server.js';
