/** @hx-memory/mcp: Hx memory over the Model Context Protocol (stdio and Streamable HTTP), on the Hx SDK. */
export { createHxMcpServer, type HxMcpOptions, INSTRUCTIONS } from './server.js';
export { serveStdio } from './stdio.js';
export { handleStreamableHttp } from './http.js';
export { DEFAULT_LIMITS, type ToolLimits } from './tool-call.js';
