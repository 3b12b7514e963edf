/**
 * Finds the contract route of a request from its method and path alone, before the body is parsed,
 * so authentication and rate limits run first (a refused caller never costs a 10 MiB body parse).
 */
import { contract } from '@hx-memory/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';

interface Matcher {
  method: string;
  regex: RegExp;
  /** More literal segments win: /capture/batch beats /capture/:id. */
  literals: number;
  route: AppRoute;
}

function compile(): Matcher[] {
  const out: Matcher[] = [];
  const walk = (router: AppRouter) => {
    for (const value of Object.values(router)) {
      if (!isAppRoute(value)) {
        walk(value as AppRouter);
        continue;
      }
      const pattern = value.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
      const literals = value.path.split('/').filter((s) => s && !s.startsWith(':')).length;
      out.push({ method: value.method, regex: new RegExp(`^${pattern}/?$`), literals, route: value });
    }
  };
  walk(contract);
  return out.sort((a, b) => b.literals - a.literals);
}

let matchers: Matcher[] | undefined;

export function matchRoute(method: string, path: string): AppRoute | undefined {
  matchers ??= compile();
  const m = method === 'HEAD' ? 'GET' : method;
  return matchers.find((x) => x.method === m && x.regex.test(path))?.route;
}

/** Methods the contract serves on a path, for telling "wrong method" from "unknown path". */
export function allowedMethods(path: string): string[] {
  matchers ??= compile();
  return [...new Set(matchers.filter((x) => x.regex.test(path)).map((x) => x.method))];
}
