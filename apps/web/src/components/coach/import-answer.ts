import type { StatementImport } from '../../lib/coach.js';
import type { MessageKey } from '../../i18n/en.js';

/*
 * The import answer's fields issue 41 added (`format`, the wider `platform`, `clock`), typed here by hand because the
 * web's generated OpenAPI types predate them: the regeneration belongs to the lead at the end of the round, while other
 * helpers' contract changes are still mid-way in the tree. Once apps/web/src/generated/dashboard-api.ts carries them,
 * ImportAnswer is the generated type itself and these declarations can go.
 */

/** Every format import_statement reads (libs/domain import-formats.ts IMPORT_FORMATS). */
export type ImportFormat = 'mt5' | 'mt4' | 'ctrader' | 'ninjatrader' | 'tradovate-performance' | 'tradovate-fills' | 'topstepx';
export type ImportPlatform = 'mt5' | 'mt4' | 'ctrader' | 'ninjatrader' | 'tradovate' | 'topstepx';

/** One closed trade's close time three ways: as the file wrote it, in UTC, and the firm day it counts on. */
export interface ClockTrade {
  file: string;
  utc: string;
  firmDay: string;
}

/** How the file's times were read (see docs/statement-import.md, "Other platforms' exports"). */
export interface FileClock {
  source: 'file' | 'option' | 'default' | 'server';
  zone: string | null;
  first: ClockTrade | null;
  last: ClockTrade | null;
}

export type ImportAnswer = Omit<StatementImport, 'platform'> & { format: ImportFormat; platform: ImportPlatform; clock: FileClock };

/** The file types the drop zone offers: MetaTrader's HTML statements and the other platforms' CSV exports. */
export const IMPORT_ACCEPT = '.htm,.html,text/html,.csv,text/csv';

export const isMetaTrader = (platform: ImportPlatform) => platform === 'mt5' || platform === 'mt4';

/** The format's name as a person knows it ("NinjaTrader CSV"). */
export const formatKey = (format: ImportFormat): MessageKey => `imp.format.${format}`;
/** The platform's name as it writes itself ("cTrader", "MT5"). */
export const platformKey = (platform: ImportPlatform): MessageKey => `imp.platform.${platform}`;

/**
 * The zones offered for a CSV's clock: the futures and Tokyo traders' usual ones first, then every IANA zone the
 * browser knows. The server checks the name; the list only saves typing.
 */
export const COMMON_FILE_ZONES = ['Asia/Tokyo', 'America/Chicago', 'America/New_York', 'Europe/London', 'UTC'] as const;

export function browserZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    // An engine without Intl.supportedValuesOf (older Safari): the common zones are still offered.
    return [];
  }
}

/** This device's zone, the picker's suggestion (a trader's platform usually shows the computer's clock). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An ISO instant as a language-neutral UTC wall time: "2026-03-02 15:52:10 UTC". */
export function utcText(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}
