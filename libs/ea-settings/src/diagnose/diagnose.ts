import type { Catalog } from '../catalog/types.js';
import type { PropFirmRules } from '../firm.js';
import type { SetDocument, SetFormat } from '../setfile/document.js';
import { collectEntries } from '../setfile/entries.js';
import { lt } from '../text/i18n.js';
import { crossRules } from './cross-rules.js';
import { checkEncoding, checkFormat } from './encoding-checks.js';
import { checkEntries, type Detail, type Purpose, type ResolvedValues } from './entry-checks.js';
import { firmRules } from './firm-checks.js';
import { evaluateRules } from './rule.js';
import type { Finding } from './types.js';

export interface DocumentDiagnosis {
  format: SetFormat;
  findings: Finding[];
  resolved: ResolvedValues;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Runs every check over a parsed document; findings come sorted by severity, then line. */
export function diagnoseDocument(
  catalog: Catalog,
  doc: SetDocument,
  requested: SetFormat | 'auto',
  purpose: Purpose,
  firm: PropFirmRules | null,
  detail: Detail = 'summary',
): DocumentDiagnosis {
  const { format, findings } = checkFormat(doc, requested);
  const empty = { values: new Map(), locations: new Map() };
  if (doc.binary) {
    findings.push({
      severity: 'error',
      code: 'binary_content',
      number: null,
      name: null,
      line: 1,
      column: 1,
      message: lt(
        'バイナリデータのようです。.setはテキストファイルです（.ex5などを渡していませんか）。',
        'This looks like binary data; a .set is a text file (was an .ex5 or archive given?).',
      ),
      fix: null,
    });
    return { format, findings, resolved: empty };
  }
  findings.push(...checkEncoding(doc, format));
  const collected = collectEntries(doc);
  if (collected.entries.length === 0) {
    findings.push({
      severity: 'error',
      code: 'no_inputs',
      number: null,
      name: null,
      line: 1,
      column: 1,
      message: lt('入力（名前=値）の行がひとつもありません。', 'The file has no input (Name=value) lines.'),
      fix: null,
    });
  }
  const checked = checkEntries(catalog, doc, collected, format, purpose, detail);
  findings.push(...checked.findings);
  findings.push(...evaluateRules(crossRules, catalog, checked.resolved, null, purpose));
  if (firm) findings.push(...evaluateRules(firmRules, catalog, checked.resolved, firm, purpose));
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.line ?? Infinity) - (b.line ?? Infinity));
  return { format, findings, resolved: checked.resolved };
}
