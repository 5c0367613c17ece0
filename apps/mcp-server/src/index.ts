export { mcpRouter, MCP_PATH } from './mcp-router.js';
export { mcpExtras } from './resources.js';
