import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';

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
            'Review my prop-firm challenge spending. Call get_summary for totals paid, withdrawn and net by currency, ' +
              `then list_challenges (status all) and list_payouts${args.since ? ` with from=${args.since}` : ''}. ` +
              'Report per currency: total paid (monthly plans count every billed month), total withdrawn, net; which ' +
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
