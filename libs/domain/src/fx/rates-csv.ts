import { AppError, isIsoDate } from '@propfolio/core';

export interface ParsedRate {
  date: string;
  base: string;
  quote: string;
  /** Exact decimal text, as the line has it. */
  rate: string;
}

const HEADER = ['date', 'base', 'quote', 'rate'];
const CODE = /^[A-Z]{3}$/;
const RATE = /^\d{1,11}(\.\d{1,8})?$/;
const MAX_ERRORS = 20;

/**
 * Parses `date,base,quote,rate` lines (header required, blank lines and a UTF-8 BOM ignored). Every bad
 * line is reported with its number (first 20), and nothing is imported unless the whole file is valid.
 */
export function parseRatesCsv(text: string): ParsedRate[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  if (header.join(',') !== HEADER.join(',')) {
    throw AppError.invalidField('csv', `line 1 must be the header ${HEADER.join(',')}`);
  }
  const rates: ParsedRate[] = [];
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const number = index + 2;
    const [date = '', base = '', quote = '', rate = '', ...extra] = line.split(',').map((cell) => cell.trim());
    const problem =
      extra.length > 0
        ? 'has more than 4 columns'
        : !isIsoDate(date)
          ? `date "${date}" is not a YYYY-MM-DD calendar date`
          : !CODE.test(base.toUpperCase()) || !CODE.test(quote.toUpperCase())
            ? 'base and quote must be 3-letter currency codes'
            : base.toUpperCase() === quote.toUpperCase()
              ? 'base and quote must differ'
              : !RATE.test(rate) || Number(rate) === 0
                ? `rate "${rate}" must be a positive decimal number (at most 8 decimals)`
                : seen.has(`${date} ${base.toUpperCase()} ${quote.toUpperCase()}`)
                  ? 'repeats an earlier line for the same date and pair'
                  : null;
    if (problem) {
      if (errors.length < MAX_ERRORS) errors.push({ field: 'csv', message: `line ${number}: ${problem}` });
      return;
    }
    seen.add(`${date} ${base.toUpperCase()} ${quote.toUpperCase()}`);
    rates.push({ date, base: base.toUpperCase(), quote: quote.toUpperCase(), rate });
  });
  if (errors.length > 0)
    throw AppError.validation(
      `The rates file has ${errors.length === MAX_ERRORS ? 'at least ' : ''}${errors.length} bad line(s); nothing was imported.`,
      errors,
    );
  if (rates.length === 0) throw AppError.invalidField('csv', 'has no rate lines after the header');
  return rates;
}
