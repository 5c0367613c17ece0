import type { Caller } from '@propfolio/core';
import type { FxRepository } from './fx.repository.js';
import { parseRatesCsv } from './rates-csv.js';

export interface FxImportResult {
  imported: number;
  pairs: string[];
  from: string;
  to: string;
}

/** The caller's exchange rates, imported from a CSV file (the CLI and the dashboard upload use this). */
export class FxService {
  constructor(private readonly rates: FxRepository) {}

  /** All or nothing: a bad line rejects the file; a rate already stored for that day and pair is replaced. */
  async importCsv(caller: Pick<Caller, 'userId'>, csv: string): Promise<FxImportResult> {
    const rates = parseRatesCsv(csv);
    await this.rates.upsertRates(caller.userId, rates);
    const dates = rates.map((r) => r.date).sort();
    return {
      imported: rates.length,
      pairs: [...new Set(rates.map((r) => `${r.base}/${r.quote}`))].sort(),
      from: dates[0] as string,
      to: dates[dates.length - 1] as string,
    };
  }
}
