import { readFileSync } from 'node:fs';
import { ContractTableError, installContracts, parseContractTable, type ContractTable } from '@propfolio/trade-files';

/** The setting that names an operator's futures contract table (docs/statement-import.md, "Futures contracts"). */
export const FUTURES_CONTRACTS_SETTING = 'FUTURES_CONTRACTS_FILE';

/**
 * Why the operator's table was refused: one line naming the setting, the file and the entry. (Not core's ConfigError:
 * the CPU child loads this module and keeps to the trade-file reader's imports; the service's start wraps it.)
 */
export class FuturesContractsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FuturesContractsError';
  }
}

/**
 * Reads the operator's futures contract table from the JSON file FUTURES_CONTRACTS_FILE names, checks it, and
 * installs it over the built-in table for every reader in this process; nothing set, the built-in table stays. Run
 * once at start in the service and in each CPU child (both read trade files). A file that cannot be read, is not
 * JSON or holds an unusable entry stops the start with one line naming the setting, the file and the entry.
 */
export function loadFuturesContracts(env: Readonly<Record<string, string | undefined>> = process.env): ContractTable | null {
  const path = env[FUTURES_CONTRACTS_SETTING]?.trim();
  if (path === undefined || path === '') return null;
  const refuse = (why: string): never => {
    throw new FuturesContractsError(`${FUTURES_CONTRACTS_SETTING} (${path}): ${why}`);
  };
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    refuse(`the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    refuse(`not JSON (${(error as Error).message}).`);
  }
  try {
    const table = parseContractTable(json);
    installContracts(table);
    return table;
  } catch (error) {
    if (error instanceof ContractTableError) refuse(error.message);
    throw error;
  }
}
