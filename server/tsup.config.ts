import { defineConfig } from 'tsup';

// The server ships as one ESM bundle; node_modules stay external, the workspace contract is bundled.
export default defineConfig({
  // main.ts runs the server; index.ts is the library the CLI (`hx serve`, `hx worker`) imports.
  entry: ['src/main.ts', 'src/index.ts'],
  format: ['esm'],
  target: 'node20',
  clean: true,
  sourcemap: true,
  noExternal: ['@hx-memory/contract'],
});
