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
export type {
  AreaMethods,
  ItemOf,
  RouteArgs,
  RouteData,
  RouteInput,
  RouteMethod,
  RouteResult,
} from './core/resource.js';
export type * from '@hx-memory/contract';
