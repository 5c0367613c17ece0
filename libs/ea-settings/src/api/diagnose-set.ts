import { defaultCatalog } from '../catalog/default.js';
import type { Catalog } from '../catalog/types.js';
import { diagnoseDocument } from '../diagnose/diagnose.js';
import { summarize, type Finding, type FindingSummary } from '../diagnose/types.js';
import { EaSettingsError } from '../errors.js';
import type { PropFirmRules } from '../firm.js';
import type { SetFormat } from '../setfile/document.js';
import type { TextEncodingName } from '../text/encoding.js';
import { documentFromContent } from './content.js';

export interface DiagnoseSetInput {
  /** The `.set` file: raw bytes (any supported encoding) or already decoded text. */
  content: Uint8Array | string;
  /** What the caller believes the file is; `auto` (default) detects it. */
  format?: SetFormat | 'auto';
  firmRules?: PropFirmRules;
  /** `live` (default) flags e.g. optimisation flags left on; `tester` flags tester pitfalls. */
  purpose?: 'live' | 'tester';
  /** `summary` (default): the inputs the file leaves out are one `missing_inputs` finding; `full`: one `missing_input` each. */
  detail?: 'summary' | 'full';
}

export interface DiagnoseSetResult {
  format: SetFormat;
  encoding: TextEncodingName;
  findings: Finding[];
  summary: FindingSummary;
}

export function checkChoice<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new EaSettingsError('invalid_argument', `${field} must be one of ${allowed.join(', ')}`, field);
}

/** `ea_diagnose_set`: every problem of a `.set` file, each with a fix. */
export function diagnoseSet(input: DiagnoseSetInput, catalog: Catalog = defaultCatalog()): DiagnoseSetResult {
  const format = checkChoice(input.format, ['mt5', 'mt4', 'auto'] as const, 'format') ?? 'auto';
  const purpose = checkChoice(input.purpose, ['live', 'tester'] as const, 'purpose') ?? 'live';
  const detail = checkChoice(input.detail, ['summary', 'full'] as const, 'detail') ?? 'summary';
  const doc = documentFromContent(input.content, 'content');
  const result = diagnoseDocument(catalog, doc, format, purpose, input.firmRules ?? null, detail);
  return { format: result.format, encoding: doc.encoding, findings: result.findings, summary: summarize(result.findings) };
}
