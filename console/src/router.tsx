/**
 * Routes, each page in its own chunk (lazyRouteComponent), so the first load is the shell only.
 * Every filter of a list lives in the URL's search params (validateSearch), so a view can be
 * bookmarked, shared and reloaded.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { consoleBasePath } from './api';
import { Layout } from './ui/layout';

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Layout });

const page = <P extends string>(path: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(load as never, name as never),
  });

export interface MemorySearch {
  namespace?: string;
  kind?: string;
  status?: string;
  subjectId?: string;
  sessionId?: string;
  q?: string;
  cursor?: string;
  id?: string;
}
export interface ArtifactSearch {
  namespace?: string;
  type?: string;
  status?: string;
  subjectId?: string;
  agentId?: string;
  q?: string;
  cursor?: string;
  id?: string;
}

const memoriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/memories',
  validateSearch: (s: Record<string, unknown>): MemorySearch => ({
    namespace: str(s.namespace),
    kind: str(s.kind),
    status: str(s.status),
    subjectId: str(s.subjectId),
    sessionId: str(s.sessionId),
    q: str(s.q),
    cursor: str(s.cursor),
    id: str(s.id),
  }),
  component: lazyRouteComponent(() => import('./pages/memories'), 'MemoriesPage'),
});

const artifactsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/artifacts',
  validateSearch: (s: Record<string, unknown>): ArtifactSearch => ({
    namespace: str(s.namespace),
    type: str(s.type),
    status: str(s.status),
    subjectId: str(s.subjectId),
    agentId: str(s.agentId),
    q: str(s.q),
    cursor: str(s.cursor),
    id: str(s.id),
  }),
  component: lazyRouteComponent(() => import('./pages/artifacts'), 'ArtifactsPage'),
});

const routeTree = rootRoute.addChildren([
  page('/', () => import('./pages/overview'), 'OverviewPage'),
  page('/login', () => import('./pages/login'), 'LoginPage'),
  page('/register', () => import('./pages/login'), 'RegisterPage'),
  page('/keys', () => import('./pages/keys'), 'KeysPage'),
  memoriesRoute,
  artifactsRoute,
  page('/playground', () => import('./pages/playground'), 'PlaygroundPage'),
  page('/learn', () => import('./pages/learn'), 'LearnPage'),
  page('/govern', () => import('./pages/govern'), 'GovernPage'),
  page('/usage', () => import('./pages/usage'), 'UsagePage'),
]);

export const router = createRouter({
  routeTree,
  basepath: consoleBasePath,
  context: { queryClient: undefined as unknown as QueryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
