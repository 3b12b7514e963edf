/** /health and /metrics. */
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { createTrustedNetworks, type Metrics } from '../metrics.js';
import type { AreaHandlers } from './handlers.js';

export function createOpsHandlers(ctx: AppContext, metrics: Metrics): AreaHandlers<'ops'> {
  const trusted = createTrustedNetworks(ctx.config.METRICS_ALLOW);
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
      if (!trusted(req.socket.remoteAddress)) {
        throw new AppError('forbidden', 'Metrics are served only to trusted networks');
      }
      res.setHeader('Content-Type', metrics.registry.contentType);
      return { status: 200, body: await metrics.registry.metrics() };
    },
  };
}
