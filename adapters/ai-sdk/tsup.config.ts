// One build for the three adapters: adapters/core/tsup.ts.
export { default } from '../core/tsup.js';
