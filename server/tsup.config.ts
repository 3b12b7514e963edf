import { defineConfig } from 'tsup';

// The server ships as one ESM bundle; node_modules stay external, the workspace contract is bundled.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  clean: true,
  sourcemap: true,
  noExternal: ['@hx-memory/contract'],
});
