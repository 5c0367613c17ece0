import { readFileSync } from 'node:fs';
import type { Figures } from './tracker.js';

/**
 * The `--figures` file: `{ "balance": 101250.4, "equity": 101180, "closedPnlToday": 412.25 }`, written by
 * whatever knows the account (a broker API script, another platform's export). Re-read at every interval;
 * write it atomically (to a temporary file, then rename) so that the tracker never reads half of it.
 */
export function parseFigures(text: string, source = 'figures'): Figures {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${source} must be a JSON object`);
  const record = value as Record<string, unknown>;
  const amount = (key: string, required: boolean): number | undefined => {
    const field = record[key];
    if (field === undefined && !required) return undefined;
    if (typeof field !== 'number' || !Number.isFinite(field)) throw new Error(`${source}: "${key}" must be a number`);
    return field;
  };
  const balance = amount('balance', true) as number;
  const equity = amount('equity', true) as number;
  const closedPnlToday = amount('closedPnlToday', false);
  return { balance, equity, ...(closedPnlToday === undefined ? {} : { closedPnlToday }) };
}

export function readFigures(path: string): Figures {
  return parseFigures(readFileSync(path, 'utf8'), path);
}
