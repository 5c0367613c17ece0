import { defineOperation, type Operation } from '@propfolio/core';
import type { StatementImportService } from './statements.service.js';
import { callerOf } from '../shared/operation-flags.js';
import { ImportStatementInput, MAX_IMPORT_BODY_BYTES } from './statements.inputs.js';
import { StatementImportSchema } from './statements.outputs.js';

/** The services these operations call; services.ts hands in its own (a context does not import the composition root). */
export interface StatementsOperationServices {
  statements: StatementImportService;
}

export const statementOperations = (services: StatementsOperationServices): Operation[] => [
  defineOperation({
    name: 'import_statement',
    title: 'Import a statement',
    description:
      "Imports a MetaTrader statement or trade export into an EA account's trades and daily P&L, all or nothing, idempotent. Returns counts and up to 1,000 days (daysAfter pages on).",
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
