/**
 * The AI SDK adapter's suite on AI SDK 7 (`ai-v7`, an alias of ai@7 among the dev dependencies):
 * `ai` and `ai/test` point at it. AI SDK 7 needs Node 22: CI runs this with `npx -y node@22`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default mergeConfig(
  base,
  defineConfig({
    root: here('../..'),
    resolve: {
      alias: [
        { find: /^ai\/test$/, replacement: here('./node_modules/ai-v7/dist/test/index.js') },
        { find: /^ai$/, replacement: here('./node_modules/ai-v7/dist/index.js') },
      ],
    },
  }),
);
