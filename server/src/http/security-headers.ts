/**
 * Response headers every answer carries: browsers must not sniff a JSON body into something
 * executable, and no cache (browser, proxy or CDN) may keep an answer, since many carry a credential
 * or a secret (new API keys, tokens, vault values) and the rest are per-caller data. /docs replaces
 * Cache-Control with its own (docs.ts).
 */
import type { NextFunction, Request, Response } from 'express';

export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
}
