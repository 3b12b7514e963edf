/** The MCP server on stdin/stdout, for `hx mcp`: stdout carries JSON-RPC only, so logs go to stderr. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createHxMcpServer, type HxMcpOptions } from './server.js';

/** Serves until stdin closes; resolves once connected. */
export async function serveStdio(options: HxMcpOptions): Promise<void> {
  const server = createHxMcpServer(options);
  const transport = new StdioServerTransport();
  await server.connect(transport);
}
