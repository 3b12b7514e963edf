/**
 * The web console (docs/console.md): the single-page app the console package builds, served at
 * CONSOLE_PATH (default /console). It is a client of the public API like any other (through
 * @hx-memory/sdk): nothing here answers data, only files.
 *
 * - Works behind a proxy prefix: every URL the page uses is relative. index.html gets a relative
 *   <base href> for the path it was asked for (so /x/console/memories/abc still finds ./assets/) and
 *   a meta tag with the API root relative to the console root; the page resolves both in the browser.
 * - A strict Content Security Policy: scripts, styles and connections from this origin only, no
 *   inline script or style element, no eval, no framing (frame-ancestors 'none' and X-Frame-Options).
 * - Hashed assets are cached for a year; precompressed .br/.gz copies (written by the console's
 *   build) are sent to browsers that accept them.
 * - Not built: the API starts all the same and CONSOLE_PATH answers 404 saying how to build it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express, Request, Response } from 'express';
import type { AppContext } from '../context.js';
import { sendError } from './error-handler.js';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

interface Asset {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
}

/** Where the built console is: CONSOLE_DIR, else the repository's console/dist, else the copy in the server's dist. */
export function findConsoleDir(configured: string | undefined): string | undefined {
  const candidates = configured
    ? [configured]
    : [
        // In the repository, the console package's own build: from server/dist/*.js, then from
        // server/src/http/console.ts (tests, tsx).
        fileURLToPath(new URL('../../console/dist/', import.meta.url)),
        fileURLToPath(new URL('../../../console/dist/', import.meta.url)),
        // Shipped: the copy the server's build puts in server/dist/console (server/tsup.config.ts).
        fileURLToPath(new URL('./console/', import.meta.url)),
        fileURLToPath(new URL('../../dist/console/', import.meta.url)),
      ];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/** Every file of the build, read once: only these names are ever served (no path from the URL reaches the disk). */
function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const urlPath = `/${relative(dir, full).split(sep).join('/')}`;
      const asset: Asset = { body: readFileSync(full), type: TYPES[extname(name)] ?? 'application/octet-stream' };
      if (existsSync(`${full}.br`)) asset.br = readFileSync(`${full}.br`);
      if (existsSync(`${full}.gz`)) asset.gzip = readFileSync(`${full}.gz`);
      assets.set(urlPath, asset);
    }
  };
  walk(dir);
  return assets;
}

/** The relative way from the folder of `subPath` (as the browser sees it) back up to the console root. */
export function relativeBase(subPath: string): string {
  const depth = Math.max(0, subPath.split('/').length - 2);
  return depth === 0 ? './' : '../'.repeat(depth);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function sendAsset(req: Request, res: Response, asset: Asset, immutable: boolean) {
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  let body = asset.body;
  if (asset.br && /\bbr\b/.test(accepts)) {
    res.setHeader('Content-Encoding', 'br');
    body = asset.br;
  } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
    res.setHeader('Content-Encoding', 'gzip');
    body = asset.gzip;
  }
  res.setHeader('Content-Length', String(body.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

export function mountConsole(app: Express, ctx: AppContext): void {
  const base = ctx.config.CONSOLE_PATH;
  if (base === 'off') return;
  const dir = findConsoleDir(ctx.config.CONSOLE_DIR);
  const assets = dir ? loadAssets(dir) : new Map<string, Asset>();
  const index = assets.get('/index.html');
  if (!index) {
    ctx.logger.info(
      { consolePath: base, consoleDir: ctx.config.CONSOLE_DIR },
      'web console not built (npm start builds it; or: pnpm --filter @hx-memory/console build); the API runs without it',
    );
  }
  const template = index?.body.toString('utf8');
  // The API root, relative to the console root: one step up per segment of CONSOLE_PATH.
  const apiRoot = '../'.repeat(base.split('/').length - 1);
  const lastSegment = base.slice(base.lastIndexOf('/') + 1);

  app.use(base, (req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (!template) {
      return sendError(
        req,
        res,
        404,
        'not_found',
        'The web console is not built on this server: `npm start` builds it, or run `pnpm --filter @hx-memory/console build` and restart. The API works without it.',
      );
    }
    const pathname = req.originalUrl.split('?')[0] ?? '';
    // /console -> /console/ (relative, so a proxy prefix in front is kept).
    if (!pathname.endsWith('/') && req.path === '/') {
      return res.redirect(308, `${lastSegment}/${req.originalUrl.slice(pathname.length)}`);
    }
    const asset = assets.get(req.path);
    if (asset && req.path !== '/index.html') return sendAsset(req, res, asset, req.path.startsWith('/assets/'));
    // A file name that is not in the build is a 404, not the app (a stale tab asking for an old chunk).
    if (/\.[A-Za-z0-9]+$/.test(req.path)) return sendError(req, res, 404, 'not_found', `No console file ${req.path}`);
    // Any other path is a page of the app: index.html with its relative base for this depth.
    const head =
      `<base href="${escapeAttribute(relativeBase(req.path))}">` +
      `<meta name="hx-api-root" content="${escapeAttribute(apiRoot)}">` +
      `<meta name="hx-version" content="${escapeAttribute(ctx.version)}">`;
    const html = template.replace('<head>', `<head>${head}`);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.status(200).send(req.method === 'HEAD' ? undefined : html);
  });
}
