import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Suites whose outcome cannot depend on the database or Redis: unit tests of pure modules (no server,
 * no database) and the packaging and docs suites (a package installed from its tarball, the README's
 * session). CI runs everything on the embedded default, then again on PostgreSQL and Redis with
 * HX_TEST_STAGE=backends, which leaves these out (.ci/run). A unit test that opens a database or starts
 * a server does not belong here (server/src/db, server/src/embeddings' others, server/src/audit ...).
 */
const SAME_ON_EVERY_BACKEND = [
  'contract/**/*.test.ts',
  'adapters/**/*.test.ts',
  'server/src/compiler/**/*.test.ts',
  'server/src/retrieval/**/*.test.ts',
  'server/src/redaction/**/*.test.ts',
  'server/src/crypto/**/*.test.ts',
  'server/src/services/core/capture/normalize.test.ts',
  'server/src/services/core/capture/store-events.test.ts',
  'server/src/services/enterprise/org-scope.test.ts',
  'server/src/services/enterprise/policies/policy-engine.test.ts',
  'server/src/ids.test.ts',
  'server/src/limits/leased-limiter.test.ts',
  'server/src/embeddings/fuse.test.ts',
  'server/src/embeddings/schema.test.ts',
  'server/src/db/counts-behind.test.ts',
  'test/release/packages.test.ts',
  'test/sdk/editor-docs.test.ts',
  'test/sdk/generated.test.ts',
  'test/sdk/package.test.ts',
  'test/examples/docs-standalone.test.ts',
  'test/examples/quickstart-doc.test.ts',
];

// Tests import the workspace packages from source, so `npm test` needs no build step.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@hx-memory\/contract\/openapi$/, replacement: src('./contract/src/openapi.ts') },
      { find: /^@hx-memory\/contract$/, replacement: src('./contract/src/index.ts') },
      { find: /^@hx-memory\/sdk$/, replacement: src('./sdk/src/index.ts') },
      { find: /^@hx-memory\/mcp$/, replacement: src('./mcp/src/index.ts') },
      { find: /^@hx-memory\/server$/, replacement: src('./server/src/index.ts') },
    ],
  },
  test: {
    include: [
      'test/**/*.test.ts',
      'contract/**/*.test.ts',
      'server/**/*.test.ts',
      'sdk/**/*.test.ts',
      'mcp/**/*.test.ts',
      'cli/**/*.test.ts',
      'adapters/**/*.test.ts',
    ],
    exclude:
      process.env.HX_TEST_STAGE === 'backends'
        ? [...configDefaults.exclude, ...SAME_ON_EVERY_BACKEND]
        : configDefaults.exclude,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
