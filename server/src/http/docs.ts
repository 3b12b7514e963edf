/**
 * GET /v1/openapi.json (generated from the contract) and GET /docs, a self-contained API reference
 * page rendered from the same document (no CDN, works offline).
 */
import { buildOpenApiDocument, renderReferenceHtml } from '@hx-memory/contract/openapi';
import type { Express } from 'express';
import type { AppContext } from '../context.js';

export function mountDocs(app: Express, ctx: AppContext) {
  const document = buildOpenApiDocument({ version: ctx.version });
  const html = renderReferenceHtml(document);
  app.get('/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.get('/docs', (_req, res) => {
    res.type('html').send(html);
  });
}
