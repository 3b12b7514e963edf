/**
 * The console's build: relative URLs everywhere (base './'), so the server can mount it at any
 * CONSOLE_PATH and behind any proxy prefix; the workspace packages from source (the `hx-source`
 * export condition), so it builds without their dist; no inline script anywhere (strict CSP).
 */
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  base: './',
  plugins: [tailwindcss()],
  resolve: { conditions: ['hx-source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // The polyfill is for browsers without modulepreload; every browser the console supports has it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // React libraries mark modules "use client" for server components; a client-only bundle ignores it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
