import type { SetDocument, SetFormat } from '../setfile/document.js';
import { isUtf16 } from '../text/encoding.js';
import { lt } from '../text/i18n.js';
import type { Finding } from './types.js';

const fileFinding = (f: Omit<Finding, 'number' | 'name'>): Finding => ({ number: null, name: null, ...f });

function firstNonAscii(doc: SetDocument): { line: number; column: number } | null {
  for (let i = 0; i < doc.lines.length; i++) {
    const text = doc.lines[i]?.text ?? '';
    for (let c = 0; c < text.length; c++) if (text.charCodeAt(c) > 0x7f) return { line: i + 1, column: c + 1 };
  }
  return null;
}

/** Problems of the bytes themselves: binary data, undecodable bytes, an encoding MetaTrader may misread. */
export function checkEncoding(doc: SetDocument, format: SetFormat): Finding[] {
  const findings: Finding[] = [];
  doc.lines.forEach((l, i) => {
    const c = l.text.indexOf('\ufffd');
    if (c >= 0) {
      findings.push(
        fileFinding({
          severity: 'warning',
          code: 'invalid_bytes',
          line: i + 1,
          column: c + 1,
          message: lt(
            `この行には${doc.encoding}として読めないバイトがあります。文字化けしている可能性があります。`,
            `This line has bytes that are not valid ${doc.encoding}; the text may be garbled.`,
          ),
          fix: format === 'mt5' ? { kind: 'reencode', to: 'utf-16le-bom' } : null,
        }),
      );
    }
  });
  if (doc.tail.length > 0) {
    findings.push(
      fileFinding({
        severity: 'warning',
        code: 'truncated_utf16',
        line: doc.lines.length,
        column: null,
        message: lt(
          'UTF-16のファイルが奇数バイトで終わっています。ファイルが途中で切れている可能性があります。',
          'The UTF-16 file ends with an odd byte; it may be truncated.',
        ),
        fix: null,
      }),
    );
  }
  const nonAscii = firstNonAscii(doc);
  if (format === 'mt5' && !isUtf16(doc.encoding) && nonAscii) {
    findings.push(
      fileFinding({
        severity: 'warning',
        code: 'non_utf16_text',
        ...nonAscii,
        message: lt(
          `MT5の.setはUTF-16LE（BOM付き）で保存されます。このファイルは${doc.encoding}で、日本語などの非ASCII文字がMT5で文字化けする恐れがあります。`,
          `MT5 saves .set files as UTF-16LE with BOM. This file is ${doc.encoding}, so non-ASCII text may be misread by MT5.`,
        ),
        fix: { kind: 'reencode', to: 'utf-16le-bom' },
      }),
    );
  } else if (format === 'mt5' && !isUtf16(doc.encoding)) {
    findings.push(
      fileFinding({
        severity: 'info',
        code: 'non_utf16_ascii',
        line: null,
        column: null,
        message: lt(
          'MT5自身はUTF-16LEで保存しますが、ASCIIだけのファイルはこのままでも読み込めます。',
          'MT5 itself writes UTF-16LE, but an ASCII-only file like this one loads as it is.',
        ),
        fix: { kind: 'reencode', to: 'utf-16le-bom' },
      }),
    );
  }
  if (format === 'mt4' && (isUtf16(doc.encoding) || ((doc.encoding === 'utf-8-bom' || doc.encoding === 'utf-8') && nonAscii))) {
    findings.push(
      fileFinding({
        severity: 'warning',
        code: 'mt4_not_ansi',
        line: nonAscii?.line ?? 1,
        column: nonAscii?.column ?? 1,
        message: lt(
          `MT4の.setはANSI（日本語WindowsではShift_JIS）です。このファイルは${doc.encoding}のため、MT4で正しく読めない恐れがあります。`,
          `MT4 .set files are ANSI (Shift_JIS on Japanese Windows). This file is ${doc.encoding} and MT4 may misread it.`,
        ),
        fix: { kind: 'reencode', to: 'shift_jis' },
      }),
    );
  }
  return findings;
}

/** Decides the dialect to read with and reports a file of the other dialect. */
export function checkFormat(doc: SetDocument, requested: 'mt5' | 'mt4' | 'auto'): { format: SetFormat; findings: Finding[] } {
  const detected = doc.syntaxFormat;
  if (requested === 'auto' || detected === null || detected === requested) {
    return { format: requested === 'auto' ? (detected ?? 'mt5') : requested, findings: [] };
  }
  const code = detected === 'mt4' ? 'mt4_file_as_mt5' : 'mt5_file_as_mt4';
  const message =
    detected === 'mt4'
      ? lt(
          'MT5用として渡されましたが、これはMT4形式（Name,F= / ,1 / ,2 / ,3 の行）の.setです。MT5形式に変換してください。',
          'This was given as MT5 but it is an MT4 .set (Name,F= / ,1 / ,2 / ,3 lines). Convert it to MT5.',
        )
      : lt(
          'MT4用として渡されましたが、これはMT5形式（value||start||step||stop||Y/N）の.setです。MT4形式に変換してください。',
          'This was given as MT4 but it is an MT5 .set (value||start||step||stop||Y/N). Convert it to MT4.',
        );
  return {
    format: detected,
    findings: [fileFinding({ severity: 'error', code, line: 1, column: 1, message, fix: { kind: 'convert_format', to: requested } })],
  };
}
