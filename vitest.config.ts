import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
