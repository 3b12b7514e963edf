/** @hx-memory/sdk: the typed TypeScript client of the Hx memory platform. */
export {
  Hx,
  type HxOptions,
  type ArtifactList,
  type CaptureCall,
  type CaptureInput,
  type LearnCall,
  type LearnOptions,
  type LearnWaitOptions,
  type ListArtifactsOptions,
  type MetricsOptions,
  type SynthesizeCall,
  type SynthesizeOptions,
} from './client.js';
export { Hx as default } from './client.js';
export { VERSION } from './version.js';
export * from './core/errors.js';
export { APIPromise, type ResponseInfo } from './core/api-promise.js';
export { Page, PagePromise } from './core/pagination.js';
export type { RequestOptions } from './core/fetcher.js';
// The contract's data types and each route's input and data, as plain declarations printed from the
// contract (src/types.ts): the published .d.ts does not import the contract (docs/decisions/sdk.md).
export type * from './types.js';
