/**
 * GET /v1/openapi.json (generated from the contract) and GET /docs, a self-contained API reference
 * page rendered from the same document (no CDN, works offline). /docs carries a strict Content
 * Security Policy: only its own inline script (by hash) runs, nothing loads from elsewhere, and no
 * other site may frame it.
 */
import { createHash } from 'node:crypto';
import { buildOpenApiDocument, renderReferenceHtml } from '@hx-memory/contract/openapi';
import type { Express } from 'express';
import type { AppContext } from '../context.js';

/** A CSP that allows exactly the inline scripts of `html` (by SHA-256) and inline styles. */
export function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ') || "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function mountDocs(app: Express, ctx: AppContext) {
  const document = buildOpenApiDocument({ version: ctx.version });
  const html = renderReferenceHtml(document);
  const csp = contentSecurityPolicy(html);
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  });
}
