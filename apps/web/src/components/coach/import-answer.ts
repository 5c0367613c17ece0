import type { StatementImport } from '../../lib/coach.js';
import type { MessageKey } from '../../i18n/en.js';

/** The import's answer (generated from the OpenAPI document) and the parts of it these components name. */
export type ImportAnswer = StatementImport;
export type ImportFormat = ImportAnswer['format'];
export type ImportPlatform = ImportAnswer['platform'];
/** How the file's times were read (see docs/statement-import.md, "Other platforms' exports"). */
export type FileClock = ImportAnswer['clock'];
/** One closed trade's close time three ways: in the file's clock, in UTC, and the firm day it counts on. */
export type ClockTrade = NonNullable<FileClock['first']>;

/** The file types the drop zone offers: MetaTrader's HTML statements, the platforms' CSV exports, and XLSX workbooks. */
export const IMPORT_ACCEPT = '.htm,.html,text/html,.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
