import { cpSync, existsSync, rmSync } from 'node:fs';
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
  // The web console ships inside the server's dist (http/console.ts serves it from there when the
  // repository's console/dist is not beside it). `npm start` builds the console first.
  onSuccess: async () => {
    const built = new URL('../console/dist/', import.meta.url);
    const target = new URL('./dist/console/', import.meta.url);
    rmSync(target, { recursive: true, force: true });
    if (existsSync(new URL('index.html', built))) cpSync(built, target, { recursive: true });
  },
});
