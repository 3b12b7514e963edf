/** /health and /metrics. */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { createTrustedNetworks, type Metrics } from '../metrics.js';
import type { AreaHandlers } from './handlers.js';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * The address /metrics access is judged by. With TRUST_PROXY, the client as resolved through the
 * trusted proxies (req.ip). Without it, the socket's peer, unless the request came through a proxy
 * the server was not told about (it carries a forwarding header): the proxy's private address says
 * nothing about the client behind it, so such a request has no trusted address at all.
 */
function metricsClientAddress(req: Request, trustProxy: string | undefined): string | undefined {
  if (trustProxy) return req.ip;
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return undefined;
  return req.socket.remoteAddress;
}

export function createOpsHandlers(ctx: AppContext, metrics: Metrics): AreaHandlers<'ops'> {
  const trusted = createTrustedNetworks(ctx.config.METRICS_ALLOW);
  const allowAny = ctx.config.METRICS_ALLOW.split(',').some((p) => p.trim() === 'any');
  return {
    health: async () => {
      const dbUp = await ctx.database.ping();
      let redis: 'up' | 'down' | 'disabled' = 'disabled';
      if (ctx.redis) {
        try {
          redis = (await ctx.redis.ping()) === 'PONG' ? 'up' : 'down';
        } catch {
          redis = 'down';
        }
      }
      const postgres = !dbUp ? 'down' : ctx.database.driver === 'pglite' ? 'embedded' : 'up';
      const status = !dbUp ? 'down' : redis === 'down' ? 'degraded' : 'ok';
      const body = {
        status,
        version: ctx.version,
        postgres,
        redis,
        uptime: Math.round((Date.now() - ctx.startedAt) / 1000),
      } as const;
      return status === 'down' ? { status: 503, body } : { status: 200, body };
    },
    metrics: async ({ req, res }) => {
      if (!allowAny && !trusted(metricsClientAddress(req, ctx.config.TRUST_PROXY))) {
        throw new AppError('forbidden', 'Metrics are served only to trusted networks');
      }
      res.setHeader('Content-Type', metrics.registry.contentType);
      return { status: 200, body: await metrics.registry.metrics() };
    },
  };
}
