/**
 * Streamable HTTP, stateless: every POST gets a fresh server and transport and no Mcp-Session-Id, so
 * any instance behind a load balancer can answer any request and there is no session state to expire
 * (docs/decisions/mcp.md). GET (a server-to-client stream) and DELETE (ending a session) have nothing
 * to serve then: 405, as the specification allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createHxMcpServer, type HxMcpOptions } from './server.js';

function methodNotAllowed(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'POST', 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC with POST' },
      id: null,
    }),
  );
}

/** Answers one HTTP request of an MCP client; `body` is the already parsed JSON body. */
export async function handleStreamableHttp(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  options: HxMcpOptions,
): Promise<void> {
  if (req.method !== 'POST') return methodNotAllowed(res);
  const server = createHxMcpServer(options);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
