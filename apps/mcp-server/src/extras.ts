import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ContextOf } from './mcp-server.js';

/** Resources and prompts beside the tools (articles, EA input docs, a spending review prompt). */
export interface McpExtras {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- tools come from the operations registry with their own JSON schemas, the low-level Server's advanced use case; McpServer would re-derive them from zod
  register(server: Server, contextOf: ContextOf): void;
}

/** Empty lists until resources and prompts are provided. */
export const noExtras: McpExtras = {
  register: (server) => {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  },
};
