/** Moved beside the compiler (server/src/compiler/test-events.ts); re-exported for the suites here. */
export * from '../../server/src/compiler/test-events.js';
