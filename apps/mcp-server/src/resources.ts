import type { AppContext } from '@propfolio/operations';
import { noExtras, type McpExtras } from './extras.js';

/** Resources and prompts for this deployment. */
export function mcpExtras(_context: AppContext): McpExtras {
  return noExtras;
}
