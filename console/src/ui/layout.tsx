/**
 * The shell: skip link, navigation, theme switch, the signed-in user and logout; pages other than
 * login and register need a session and send to login without one. On every navigation focus moves
 * to the new page's title, so keyboard and screen-reader users land on the page that opened.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { hx, serverVersion } from '../api';
import { ME_KEY, useMe } from '../session';
import { currentTheme, setTheme, type Theme } from '../theme';

const NAV = [
  ['/', 'Overview'],
  ['/keys', 'API keys'],
  ['/events', 'Events'],
  ['/memories', 'Memories'],
  ['/artifacts', 'Artifacts'],
  ['/playground', 'Playground'],
  ['/learn', 'Learn jobs'],
  ['/govern', 'Govern'],
  ['/policies', 'Access policies'],
  ['/teams', 'Teams'],
  ['/agents', 'Agents'],
  ['/lifecycle', 'Lifecycle'],
  ['/vault', 'Vault'],
  ['/access-logs', 'Access log'],
  ['/usage', 'Usage & health'],
] as const;

const PUBLIC = new Set(['/login', '/register']);

function ThemeSwitch() {
  const [theme, set] = useState<Theme>(currentTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        setTheme(next);
        set(next);
      }}
    >
      {theme === 'dark' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}

export function Layout() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isPublic = PUBLIC.has(pathname);

  useEffect(() => {
    if (me.data === null && !isPublic) void navigate({ to: '/login' });
  }, [me.data, isPublic, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which pathname stands for.
  useEffect(() => {
    // After the page's chunk renders: the title is the landmark of the new page.
    const t = setTimeout(() => document.querySelector<HTMLElement>('[data-page-title]')?.focus(), 50);
    return () => clearTimeout(t);
  }, [pathname]);

  const logout = async () => {
    try {
      await hx.auth.logout({ refreshToken: 'cookie' });
    } finally {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, null);
      void navigate({ to: '/login' });
    }
  };

  const user = me.data?.user;
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <span className="font-semibold">Hx console</span>
        <div className="flex items-center gap-2 text-sm">
          {user ? <span className="muted">{user.email}</span> : null}
          <ThemeSwitch />
          {user ? (
            <button type="button" className="btn" onClick={logout}>
              Log out
            </button>
          ) : null}
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        {user && !isPublic ? (
          <nav
            aria-label="Console"
            className="border-b border-slate-200 p-3 md:w-52 md:border-r md:border-b-0 dark:border-slate-700"
          >
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {NAV.map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="block rounded-md px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                    activeProps={{ className: 'bg-slate-100 font-semibold dark:bg-slate-800', 'aria-current': 'page' }}
                    activeOptions={{ exact: to === '/' }}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="muted mt-4 text-xs">Server {serverVersion}</p>
          </nav>
        ) : null}
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {me.isPending && !isPublic ? <p className="muted">Loading…</p> : null}
          {isPublic || user ? <Outlet /> : null}
        </main>
      </div>
    </div>
  );
}
