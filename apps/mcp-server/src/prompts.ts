import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** Prompts: reusable starting points that tell the model which tools to combine. */
export const PROMPTS: readonly Prompt[] = [
  {
    name: 'review_challenge_spending',
    title: 'Review my challenge spending',
    description: 'Reviews what the user has spent on prop-firm challenges against what they have withdrawn.',
    arguments: [{ name: 'since', description: 'Only payouts on or after this date (YYYY-MM-DD).', required: false }],
  },
  {
    name: 'prepare_for_firm',
    title: 'Prepare EA settings for a prop firm',
    description: 'Looks up a firm’s current rules and builds EA settings that stay inside them.',
    arguments: [
      { name: 'firm', description: 'Firm name or slug, e.g. FTMO.', required: true },
      { name: 'accountSize', description: 'Account size, e.g. 100000.', required: false },
    ],
  },
];

function text(message: string): GetPromptResult['messages'][number] {
  return { role: 'user', content: { type: 'text', text: message } };
}

export function renderPrompt(name: string, args: Record<string, string>): GetPromptResult {
  switch (name) {
    case 'review_challenge_spending':
      return {
        description: 'Spending review',
        messages: [
          text(
            'Review my prop-firm challenge spending. Call get_summary for spent, refunded, withdrawn and net by currency, ' +
              `then list_challenges (status all) and list_payouts${args.since ? ` with from=${args.since}` : ''}. ` +
              'Report per currency: total spent (purchases, every billed month of monthly plans, and fees), refunded, ' +
              'withdrawn and net (withdrawn + refunded − spent, as on the Analytics page); which ' +
              'firms cost the most per pass; and challenges still in progress. Do not convert currencies unless I ask. ' +
              'Remember that records cannot be deleted here; point me to the web dashboard if something is wrong.',
          ),
        ],
      };
    case 'prepare_for_firm': {
      if (!args.firm) throw new McpError(ErrorCode.InvalidParams, 'The firm argument is required.');
      return {
        description: `EA settings for ${args.firm}`,
        messages: [
          text(
            `Prepare my EA settings for ${args.firm}${args.accountSize ? ` with a ${args.accountSize} account` : ''}. ` +
              'First call search_plans for the firm and tell me its daily and maximum loss rules with their checkedOn date ' +
              '(warn if stale). Then call ea_prop_preset for that firm and explain each recommended value, and finally ' +
              'ea_build_set to give me the .set file.',
          ),
        ],
      };
    }
    default:
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  }
}

/**
 * prompts/get as the protocol layer sees it: any params. The SDK's own schema would reject malformed
 * params (`arguments` null, an array, a number value) with a raw zod dump as -32603; `readPromptParams`
 * answers -32602 with a readable message, as tools/call does.
 */
export const LooseGetPromptRequestSchema = z.object({ method: z.literal('prompts/get'), params: z.unknown().optional() }).loose();

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The name and arguments of a prompts/get, or McpError -32602 naming every malformed part. */
export function readPromptParams(params: unknown): { name: string; arguments: Record<string, string> } {
  if (!isPlainObject(params)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      'Invalid params for prompts/get: `params` must be an object with `name` (string) and optional `arguments` (object of strings).',
    );
  }
  const { name, arguments: args, _meta: meta } = params;
  const problems: string[] = [];
  if (typeof name !== 'string' || name === '') problems.push('`name` must be a non-empty string (a prompt name from prompts/list)');
  if (args !== undefined && !isPlainObject(args)) problems.push('`arguments` must be an object of the prompt’s string arguments');
  else if (args !== undefined) {
    const notText = Object.keys(args).filter((key) => typeof args[key] !== 'string');
    if (notText.length > 0) problems.push(`every argument must be a string (${notText.map((key) => `\`${key}\``).join(', ')} is not)`);
  }
  if (meta !== undefined && !isPlainObject(meta)) problems.push('`_meta` must be an object');
  if (problems.length > 0) throw new McpError(ErrorCode.InvalidParams, `Invalid params for prompts/get: ${problems.join('; ')}.`);
  return { name: name as string, arguments: (args ?? {}) as Record<string, string> };
}
