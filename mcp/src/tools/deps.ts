/** What each tool, resource and prompt is built from: the Hx client and the call limits. */
import type { Hx } from '@hx-memory/sdk';
import type { ToolLimits } from '../tool-call.js';

export interface McpDeps {
  hx: Hx;
  limits: ToolLimits;
}
