import { defineConfig } from 'tsup';

// adapters/core (shared source) is bundled in; the SDK and the framework stay external.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
