/**
 * Test fixtures (exported from @propfolio/domain/testing), not used by the service: the MT5 report builder of
 * `@propfolio/mt-statements/testing`, with the login first and the bytes as a Buffer, because the Node suites that
 * use them (the statement-import attacks, their benchmark, the MCP limits) send them base64-encoded.
 */
import * as built from '@propfolio/mt-statements/testing';

export type { ReportDeal } from '@propfolio/mt-statements/testing';

export interface BuiltReport {
  bytes: Buffer;
  days: number;
  deals: number;
}

/** A report of `deals` for account `login`, written at `writtenAt` ('YYYY.MM.DD HH:MM'). */
export function mt5Report(login: string, deals: readonly built.ReportDeal[], writtenAt: string): Buffer {
  return Buffer.from(built.mt5Report(deals, { login, writtenAt }));
}

/**
 * `days` consecutive calendar days ending on `lastDay` (the day the report is written), `dealsPerDay` deals each: a first deposit of
 * 100,000.00, then alternating +1.00 and -1.00 so the balance never goes below zero.
 */
export function reportOfDays(login: string, days: number, dealsPerDay: number, lastDay?: Date): BuiltReport {
  const report = built.reportOfDays(login, days, dealsPerDay, { lastDay });
  return { ...report, bytes: Buffer.from(report.bytes) };
}
