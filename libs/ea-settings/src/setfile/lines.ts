import { decodeBytes, isUtf16, type TextEncodingName } from '../text/encoding.js';

export type LineEnding = '\r\n' | '\n' | '\r' | '';

export interface RawLine {
  /** The line's content bytes exactly as read (no line ending). */
  raw: Uint8Array;
  text: string;
  eol: LineEnding;
}

const CR = 0x0d;

/**
 * Per-line decoding is the hot path of parsing; TextDecoder has a high fixed cost per call on short lines,
 * so UTF-16LE and pure-ASCII lines are decoded by hand.
 */
function decodeLine(raw: Uint8Array, encoding: TextEncodingName): string {
  let out = '';
  if (isUtf16(encoding)) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const c = (raw[i] as number) | ((raw[i + 1] as number) << 8);
      if (c >= 0xd800 && c <= 0xdfff) return decodeBytes(raw, encoding);
      out += String.fromCharCode(c);
    }
    return out;
  }
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b > 0x7f) return decodeBytes(raw, encoding);
    out += String.fromCharCode(b);
  }
  return out;
}
const LF = 0x0a;

function eolAt(code: number, next: number | undefined): LineEnding {
  if (code === LF) return '\n';
  return next === LF ? '\r\n' : '\r';
}

/** Splits the body (after the BOM) into lines at byte level, so every line keeps its original bytes. */
export function splitLines(body: Uint8Array, encoding: TextEncodingName): { lines: RawLine[]; tail: Uint8Array } {
  const lines: RawLine[] = [];
  const unit = isUtf16(encoding) ? 2 : 1;
  const usable = body.length - (body.length % unit);
  const codeAt = unit === 2 ? (i: number) => ((body[i + 1] as number) === 0 ? (body[i] as number) : -1) : (i: number) => body[i] as number;
  let start = 0;
  for (let i = 0; i < usable; i += unit) {
    const c = codeAt(i);
    if (c !== CR && c !== LF) continue;
    const eol = eolAt(c, i + unit < usable ? codeAt(i + unit) : undefined);
    const raw = body.subarray(start, i);
    lines.push({ raw, text: decodeLine(raw, encoding), eol });
    i += eol === '\r\n' ? unit : 0;
    start = i + unit;
  }
  if (start < usable || lines.length === 0) {
    const raw = body.subarray(start, usable);
    lines.push({ raw, text: decodeLine(raw, encoding), eol: '' });
  }
  return { lines, tail: body.subarray(usable) };
}
