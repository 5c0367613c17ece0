import { defineOperation, type Operation } from '@propfolio/core';
import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { type DomainServices } from '../services.js';
import { callerOf } from '../shared/operation-flags.js';
import { ImportStatementInput } from './statements.inputs.js';
import { StatementImportSchema } from './statements.outputs.js';

export const statementOperations = (services: DomainServices): Operation[] => [
  defineOperation({
    name: 'import_statement',
    title: 'Import a MetaTrader statement',
    description:
      "Fills an EA account's daily P&L from a MetaTrader statement, e.g. its history from before the tracker ran: closed P&L (deposits are not profit) and end-of-day balance per firm day. All or nothing: a file of another login, cut, or not a statement is refused whole. Returns every day read and what it added or replaced; re-importing a file changes nothing.",
    auth: 'key',
    readOnly: false,
    idempotent: true,
    input: ImportStatementInput,
    output: StatementImportSchema,
    // base64 of the largest statement, plus the JSON around it.
    rest: { method: 'POST', path: '/accounts/:id/statements', bodyLimitBytes: Math.ceil((MAX_STATEMENT_BYTES * 4) / 3) + 64 * 1024 },
    run: async (ctx, input) => services.statements.import(callerOf(ctx), input),
  }),
];
