import {
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ContextOf } from './mcp-server.js';
import type { ProtocolServer } from './sdk/index.js';

/** Resources and prompts beside the tools (articles, EA input docs, a spending review prompt). */
export interface McpExtras {
  register(server: ProtocolServer, contextOf: ContextOf): void;
}

/** Empty lists until resources and prompts are provided. */
export const noExtras: McpExtras = {
  register: (server) => {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  },
};
