/**
 * /mcp: the Model Context Protocol over Streamable HTTP (stateless; docs/decisions/mcp.md). The
 * gatekeeper has authenticated the API key and counted the request against its rate limit before
 * this runs. The tools then call this same server's REST API over loopback with the caller's own
 * key, so scopes, namespace bindings, policies, rate limits and audit apply exactly as to any client.
 */
import type { RouteMeta } from '@hx-memory/contract';
import { handleStreamableHttp } from '@hx-memory/mcp';
import { Hx } from '@hx-memory/sdk';
import type { Express, Request } from 'express';
import { ownOrigin } from '../auth/cookie-session.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { actorOf } from './request-state.js';

export const MCP_PATH = '/mcp';
/** How the gatekeeper authenticates /mcp, which is not a contract route: like the core routes. */
export const MCP_ROUTE: RouteMeta = { auth: 'apiKey' };

/** This server as the request reached it: the address and port of the accepting socket. */
function loopbackUrl(req: Request): string {
  const raw = req.socket.localAddress ?? '127.0.0.1';
  const address = raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

function bearerToken(req: Request): string {
  return (req.headers.authorization ?? '').trim().split(/\s+/)[1] ?? '';
}

/**
 * The MCP specification (Streamable HTTP, security warning) says servers MUST validate Origin, so that
 * a web page cannot drive a local or intranet MCP server through the visitor's browser. No Origin:
 * not a browser page, allowed. Otherwise this server's own origin, or one listed in MCP_ALLOWED_ORIGINS.
 */
export function createOriginCheck(allowedList: string) {
  const allowed = new Set(
    allowedList
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, '').toLowerCase())
      .filter(Boolean),
  );
  return (req: Request): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    const o = origin.toLowerCase();
    return allowed.has('*') || allowed.has(o) || o === ownOrigin(req);
  };
}

export function mountMcp(app: Express, ctx: AppContext): void {
  const originAllowed = createOriginCheck(ctx.config.MCP_ALLOWED_ORIGINS);
  app.all(MCP_PATH, (req, res, next) => {
    if (!originAllowed(req)) {
      return next(
        new AppError(
          'forbidden',
          `Origin ${req.headers.origin} may not call /mcp: only this server's own origin and MCP_ALLOWED_ORIGINS may`,
        ),
      );
    }
    try {
      actorOf(req);
    } catch (err) {
      return next(err);
    }
    const hx = new Hx({
      baseUrl: loopbackUrl(req),
      apiKey: bearerToken(req),
      // Audit rows of the tool calls name the MCP client behind the loopback call.
      defaultHeaders: { 'user-agent': `hx-mcp-http (${req.headers['user-agent'] ?? 'unknown client'})` },
    });
    handleStreamableHttp(req, res, req.body, { hx, version: ctx.version }).catch(next);
  });
}
