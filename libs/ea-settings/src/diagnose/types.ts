import type { TextEncodingName } from '../text/encoding.js';
import type { LocalizedText } from '../text/i18n.js';

export type Severity = 'error' | 'warning' | 'info';

/** A concrete repair. `set_value` values are written as in an MT5 `.set` and can be passed to `buildSet` as a change. */
export type FindingFix =
  | { kind: 'set_value'; name: string; number: string; value: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'remove_line'; line: number }
  | { kind: 'clear_optimization_flag'; name: string }
  | { kind: 'convert_format'; to: 'mt5' | 'mt4' }
  | { kind: 'reencode'; to: TextEncodingName };

export interface Finding {
  severity: Severity;
  /** Stable snake_case code, e.g. `unknown_input`, `trailing_start_inside_break_even`. */
  code: string;
  /** The input's number ("37-5") when the finding is about one input. */
  number: string | null;
  name: string | null;
  /** 1-based line and column in the file; null when the problem has no place (e.g. a missing input). */
  line: number | null;
  column: number | null;
  message: LocalizedText;
  fix: FindingFix | null;
}

export interface FindingSummary {
  errors: number;
  warnings: number;
  infos: number;
}

export function summarize(findings: readonly Finding[]): FindingSummary {
  const s = { errors: 0, warnings: 0, infos: 0 };
  for (const f of findings) {
    if (f.severity === 'error') s.errors++;
    else if (f.severity === 'warning') s.warnings++;
    else s.infos++;
  }
  return s;
}
