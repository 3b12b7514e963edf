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

/** A page whose search params are the given keys, each an optional non-empty string. */
const searchPage = <P extends string, K extends string>(
  path: P,
  keys: readonly K[],
  load: () => Promise<Record<string, unknown>>,
  name: string,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: (s: Record<string, unknown>) =>
      Object.fromEntries(keys.map((k) => [k, str(s[k])])) as { [Q in K]?: string },
    component: lazyRouteComponent(load as never, name as never),
  });

const ORG = ['org'] as const;

const routeTree = rootRoute.addChildren([
  page('/', () => import('./pages/overview'), 'OverviewPage'),
  page('/login', () => import('./pages/login'), 'LoginPage'),
  page('/register', () => import('./pages/login'), 'RegisterPage'),
  page('/keys', () => import('./pages/keys'), 'KeysPage'),
  searchPage(
    '/memories',
    ['namespace', 'kind', 'status', 'subjectId', 'sessionId', 'q', 'cursor', 'id'] as const,
    () => import('./pages/memories'),
    'MemoriesPage',
  ),
  searchPage(
    '/artifacts',
    ['namespace', 'type', 'status', 'subjectId', 'agentId', 'q', 'cursor', 'id'] as const,
    () => import('./pages/artifacts'),
    'ArtifactsPage',
  ),
  searchPage(
    '/events',
    ['namespace', 'sessionId', 'subjectId', 'agentId', 'type', 'cursor', 'id'] as const,
    () => import('./pages/events'),
    'EventsPage',
  ),
  page('/playground', () => import('./pages/playground'), 'PlaygroundPage'),
  searchPage('/learn', ['status', 'cursor'] as const, () => import('./pages/learn'), 'LearnPage'),
  page('/govern', () => import('./pages/govern'), 'GovernPage'),
  searchPage('/policies', ORG, () => import('./pages/policies'), 'PoliciesPage'),
  searchPage('/teams', ORG, () => import('./pages/teams'), 'TeamsPage'),
  searchPage('/agents', ORG, () => import('./pages/agents'), 'AgentsPage'),
  searchPage('/lifecycle', ORG, () => import('./pages/lifecycle'), 'LifecyclePage'),
  searchPage(
    '/access-logs',
    ['org', 'operation', 'namespace', 'apiKeyId', 'requestId', 'cursor'] as const,
    () => import('./pages/access-logs'),
    'AccessLogsPage',
  ),
  page('/vault', () => import('./pages/vault'), 'VaultPage'),
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
