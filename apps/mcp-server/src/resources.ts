import {
  ErrorCode,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  type Prompt,
  type Resource,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, type Operation, type OperationContext } from '@propfolio/core';
import { executeOperation } from '@propfolio/operations';
import { type AppContext } from '@propfolio/bootstrap';
import type { McpExtras } from './extras.js';
import type { ContextOf } from './mcp-server.js';
import type { ProtocolServer } from './sdk/index.js';
import { looseRequestSchema } from './sdk/request-schema.js';
import { LooseGetPromptRequestSchema, PROMPTS, readPromptParams, renderPrompt } from './prompts.js';

/** A resource family served by one read operation: `propfolio://<kind>/{ref}`. */
interface ResourceFamily {
  template: ResourceTemplate;
  /** Operation that reads one item, and the input field the `{ref}` fills. */
  read: { operation: string; field: string };
  /** Operation that lists items for resources/list (cursor-paginated), and how to name each item. */
  list?: { operation: string; toResource: (item: Record<string, unknown>) => Resource };
}

const FAMILIES: ResourceFamily[] = [
  {
    template: {
      uriTemplate: 'propfolio://articles/{slug}',
      name: 'article',
      title: 'Propfolio article',
      description: 'The full Markdown text of an article, by slug (see search_articles).',
      mimeType: 'application/json',
    },
    read: { operation: 'get_article', field: 'slug' },
    list: {
      operation: 'search_articles',
      toResource: (item) => ({
        uri: `propfolio://articles/${String(item.slug)}`,
        name: String(item.slug),
        title: String(item.title),
        description: String(item.summary),
        mimeType: 'application/json',
      }),
    },
  },
  {
    template: {
      uriTemplate: 'propfolio://ea/params/{ref}',
      name: 'ea-input',
      title: 'EA input documentation',
      description: 'What one EA input does, by MQL name or group-position number such as 37-5.',
      mimeType: 'application/json',
    },
    read: { operation: 'ea_explain_param', field: 'ref' },
  },
];

/**
 * resources/read with its params unchecked by the SDK, whose own schema answers a missing or non-string `uri` with
 * a dump of its validation issues; readResourceUri says what is wrong in a sentence instead. The `{ref}` is then
 * checked by the read operation's input contract, as over REST.
 */
const LooseReadResourceRequestSchema = looseRequestSchema('resources/read');

/** The `uri` of a resources/read, or McpError -32602 saying what it should be. */
function readResourceUri(params: unknown): string {
  const uri = typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as { uri?: unknown }).uri : undefined;
  if (typeof uri !== 'string' || uri === '') {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid params for resources/read: `uri` must be a non-empty string, a resource URI from resources/list or a template of resources/templates/list.',
    );
  }
  return uri;
}

function parseUri(uri: string): { family: ResourceFamily; ref: string } | undefined {
  for (const family of FAMILIES) {
    const prefix = family.template.uriTemplate.replace(/\{[a-z]+\}$/, '');
    if (uri.startsWith(prefix) && uri.length > prefix.length) {
      let ref: string;
      try {
        ref = decodeURIComponent(uri.slice(prefix.length));
      } catch {
        // decodeURIComponent's own message is a bare "URI malformed".
        throw new McpError(
          ErrorCode.InvalidParams,
          `The resource URI ${JSON.stringify(uri)} has a malformed percent-escape: write each % as %25, and each escape as % and two hex digits of UTF-8.`,
        );
      }
      return { family, ref };
    }
  }
  return undefined;
}

/** Articles and EA input docs as resources, and the prompts; all read through the same operations. */
export function mcpExtras(context: AppContext): McpExtras {
  const byName = new Map<string, Operation>(context.operations.map((op) => [op.name, op]));
  const run = (name: string, ctx: OperationContext, input: Record<string, unknown>) => {
    const operation = byName.get(name);
    if (!operation) throw new McpError(ErrorCode.InvalidParams, `Not available: ${name}`);
    return executeOperation(operation, ctx, input) as Promise<Record<string, unknown>>;
  };
  const families = FAMILIES.filter((family) => byName.has(family.read.operation));
  return {
    register(server: ProtocolServer, contextOf: ContextOf) {
      server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
        resourceTemplates: families.map((family) => family.template),
      }));
      server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
        const listing = families.find((family) => family.list)?.list;
        if (!listing) return { resources: [] };
        try {
          const page = await run(listing.operation, contextOf(extra), {
            limit: 50,
            ...(request.params?.cursor ? { cursor: request.params.cursor } : {}),
          });
          const items = page.items as Record<string, unknown>[];
          const nextCursor = page.nextCursor as string | null | undefined;
          return {
            resources: items.map(listing.toResource),
            ...(nextCursor ? { nextCursor } : {}),
          };
        } catch (error) {
          if (error instanceof AppError) throw new McpError(ErrorCode.InvalidParams, error.detail);
          throw error;
        }
      });
      server.setRequestHandler(LooseReadResourceRequestSchema, async (request, extra) => {
        const uri = readResourceUri(request.params);
        const parsed = parseUri(uri);
        if (!parsed || !families.includes(parsed.family)) {
          throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
        }
        try {
          const content = await run(parsed.family.read.operation, contextOf(extra), { [parsed.family.read.field]: parsed.ref });
          return {
            contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(content) }],
          };
        } catch (error) {
          if (error instanceof AppError) throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.detail}`);
          throw error;
        }
      });
      server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS as Prompt[] }));
      // With the loose schema instead of the SDK's GetPromptRequestSchema (see LooseGetPromptRequestSchema);
      // Server wraps only tools/call handlers, so the public setRequestHandler installs this one as it is.
      server.setRequestHandler(LooseGetPromptRequestSchema, (request) => {
        const params = readPromptParams(request.params);
        return renderPrompt(params.name, params.arguments);
      });
    },
  };
}
