import { bomBytes, concatBytes, detectEncoding, encodeText, isUtf16, type TextEncodingName } from '../text/encoding.js';
import { parseLineSyntax, type LineSyntax } from './grammar.js';
import { splitLines, type LineEnding } from './lines.js';

export type SetFormat = 'mt5' | 'mt4';

interface SetLine {
  /** Original content bytes; null once the line was edited (it is then encoded from `text`). */
  raw: Uint8Array | null;
  text: string;
  eol: LineEnding;
  syntax: LineSyntax;
}

/**
 * A lossless `.set` document: serializing an unedited document gives back the exact input bytes,
 * and an edit re-encodes only the lines it touches.
 */
export interface SetDocument {
  encoding: TextEncodingName;
  bom: Uint8Array;
  lines: SetLine[];
  /** A dangling odd byte of a UTF-16 file, kept so that it round-trips. */
  tail: Uint8Array;
  binary: boolean;
  /** The dialect the lines themselves point to, or null when they do not tell. */
  syntaxFormat: SetFormat | null;
}

const encoder = new TextEncoder();

function guessSyntaxFormat(lines: readonly SetLine[], encoding: TextEncodingName): SetFormat | null {
  let mt4 = 0;
  let mt5 = 0;
  for (const l of lines) {
    if (l.syntax.kind === 'mt4_meta') mt4++;
    else if (l.syntax.kind === 'param' && l.syntax.range) mt5++;
  }
  // The lines decide; UTF-16 (what MT5 writes) only breaks the tie when they say nothing.
  if (mt4 === 0 && mt5 === 0) return isUtf16(encoding) ? 'mt5' : null;
  return mt4 > mt5 ? 'mt4' : 'mt5';
}

/** Parses bytes (or text, taken as UTF-8) into a document. Never throws. */
export function parseSetDocument(content: Uint8Array | string): SetDocument {
  const bytes = typeof content === 'string' ? encoder.encode(content) : content;
  const detected = detectEncoding(bytes);
  const { lines: rawLines, tail } = splitLines(bytes.subarray(detected.bomLength), detected.encoding);
  const lines = rawLines.map((l) => ({ ...l, syntax: parseLineSyntax(l.text) }));
  return {
    encoding: detected.encoding,
    bom: bytes.subarray(0, detected.bomLength),
    lines,
    tail,
    binary: detected.binary,
    syntaxFormat: guessSyntaxFormat(lines, detected.encoding),
  };
}

/** A new, empty document that will be written in `encoding`. */
export function emptySetDocument(encoding: TextEncodingName): SetDocument {
  return { encoding, bom: bomBytes(encoding), lines: [], tail: new Uint8Array(0), binary: false, syntaxFormat: null };
}

export function serializeSetDocument(doc: SetDocument): Uint8Array {
  const parts: Uint8Array[] = [doc.bom];
  const eolCache = new Map<LineEnding, Uint8Array>();
  for (const line of doc.lines) {
    parts.push(line.raw ?? encodeText(line.text, doc.encoding));
    let eol = eolCache.get(line.eol);
    if (!eol) {
      eol = encodeText(line.eol, doc.encoding);
      eolCache.set(line.eol, eol);
    }
    parts.push(eol);
  }
  parts.push(doc.tail);
  return concatBytes(parts);
}

export function documentText(doc: SetDocument): string {
  let out = '';
  for (const line of doc.lines) out += line.text + line.eol;
  return out;
}

function dominantEol(doc: SetDocument): LineEnding {
  return doc.lines.find((l) => l.eol !== '')?.eol ?? '\r\n';
}

function makeLine(text: string, eol: LineEnding): SetLine {
  return { raw: null, text, eol, syntax: parseLineSyntax(text) };
}

/** Replaces the content of line `index`, keeping its line ending. */
export function replaceLine(doc: SetDocument, index: number, text: string): void {
  const old = doc.lines[index];
  if (old && old.text !== text) doc.lines[index] = makeLine(text, old.eol);
}

/** Inserts a line before `index` (at the end when `index` is the line count). */
export function insertLine(doc: SetDocument, index: number, text: string): void {
  const eol = dominantEol(doc);
  const last = doc.lines[doc.lines.length - 1];
  if (index >= doc.lines.length && last) {
    if (last.text === '' && last.eol === '') {
      doc.lines[doc.lines.length - 1] = makeLine(text, eol);
      return;
    }
    if (last.eol === '') doc.lines[doc.lines.length - 1] = { ...last, eol };
    doc.lines.push(makeLine(text, eol));
    return;
  }
  doc.lines.splice(index, 0, makeLine(text, eol));
}
