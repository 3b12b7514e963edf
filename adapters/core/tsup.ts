/**
 * The build of every adapter (each adapter's tsup.config.ts re-exports it): adapters/core, shared
 * source, is bundled in; the SDK and the framework stay external.
 */
export default {
  entry: ['src/index.ts'],
  format: ['esm' as const],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
};
