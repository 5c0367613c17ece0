export { readStatement, type ReadStatementOptions } from './read-statement.js';
export { foldDays, type FoldDaysOptions, type FoldedDay, type FoldedDays } from './fold-days.js';
export { StatementError, MAX_STATEMENT_BYTES, type StatementErrorCode } from './errors.js';
export type { Statement, StatementAccount, StatementSummary, Transaction, TransactionKind } from './types.js';
