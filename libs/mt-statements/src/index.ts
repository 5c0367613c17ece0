export { readStatement, type ReadStatementOptions } from './read-statement.js';
export { foldDays, type FoldDaysOptions, type FoldedDay, type FoldedDays } from './fold-days.js';
export { StatementError, MAX_STATEMENT_BYTES, MAX_STATEMENT_DEALS, MAX_STATEMENT_DAYS, type StatementErrorCode } from './errors.js';
export { MONEY_DECIMALS, MAX_AMOUNT_INTEGER_DIGITS, PRICE_DECIMALS, VOLUME_DECIMALS } from './money.js';
export { MT_FIRST_YEAR, MT_LAST_YEAR } from './time.js';
export { MAX_COLSPAN, MAX_ELEMENT_NESTING, GRID_SLOTS_PER_CHARACTER, GRID_SLOTS_FLOOR } from './html/table-rows.js';
export { MAX_SYMBOL_LENGTH } from './positions.js';
export type { Position, PositionDeal, Statement, StatementAccount, StatementSummary, Transaction, TransactionKind } from './types.js';
