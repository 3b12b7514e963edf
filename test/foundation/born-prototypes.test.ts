/**
 * Requests are born with the Express app's prototypes (server/src/http/express-server.ts), which makes
 * Express's per-request Object.setPrototypeOf a no-op (docs/decisions/speed.md, "Express's prototype
 * swap"). A mounted sub-app (`app.use(path, express())`) would swap them again for its requests, with
 * the whole cost back: every area the app serves (API, docs, console, MCP, unknown paths) must leave
 * a request with the prototype it was born with. docs/invariants.md lists this.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.js';

const server = useTestServer();

describe('no Express sub-app re-prototypes a request', () => {
  it.each(['/health', '/v1/artifacts', '/v1/openapi.json', '/docs', '/console', '/mcp', '/no-such-path'])(
    '%s answers with the request still on the prototype it was born with',
    async (path) => {
      const born: { req: IncomingMessage; proto: object }[] = [];
      const spy = (req: IncomingMessage) => born.push({ req, proto: Object.getPrototypeOf(req) });
      server.server.prependListener('request', spy);
      try {
        await server.http().get(path);
      } finally {
        server.server.off('request', spy);
      }
      expect(born).toHaveLength(1);
      expect(Object.getPrototypeOf(born[0]!.req)).toBe(born[0]!.proto);
    },
  );
});
