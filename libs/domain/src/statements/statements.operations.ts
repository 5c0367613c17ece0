import { defineOperation, type Operation } from '@propfolio/core';
import { type DomainServices } from '../services.js';
import { callerOf } from '../shared/operation-flags.js';
import { ImportStatementInput, MAX_IMPORT_BODY_BYTES } from './statements.inputs.js';
import { StatementImportSchema } from './statements.outputs.js';

export const statementOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'import_statement',
    title: 'Import a MetaTrader statement',
    description:
      "Fills an EA account's daily P&L from a MetaTrader statement, e.g. its history from before the tracker ran: closed P&L (deposits are not profit) and end-of-day balance per firm day. All or nothing: a file of another login, cut, or not a statement is refused whole. Returns counts and up to 1,000 days with what each added or replaced (daysAfter pages on); re-importing a file changes nothing.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: ImportStatementInput,
    output: StatementImportSchema,
    // base64 of the largest statement (wrapped or not), plus the JSON around it; MCP's tools/call takes the same.
    rest: { method: 'POST', path: '/accounts/:id/statements', bodyLimitBytes: MAX_IMPORT_BODY_BYTES },
    run: async (ctx, input) => services.statements.import(callerOf(ctx), input),
  }),
];
