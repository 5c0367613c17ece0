import { decodeCp1252 } from './cp1252.js';

/** How the bytes were read: 'utf-16le', 'utf-16be', 'utf-8', 'windows-1252', 'shift_jis' or another WHATWG label a <meta> named. */
export type StatementEncoding = string;

export interface DecodedText {
  text: string;
  encoding: StatementEncoding;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** MT5 writes UTF-16LE; a copy whose BOM was stripped still has a zero high byte on nearly every ASCII character. */
function looksLikeUtf16Le(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length - (bytes.length % 2), 1024);
  if (n < 8) return false;
  let oddZeros = 0;
  let evenZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  return oddZeros > n / 4 && evenZeros < oddZeros / 4;
}

/** The charset a `<meta>` in the first 4 KB declares (read as ASCII: the tag itself always is). */
function metaCharset(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 4096));
  const match = /<meta[^>]*charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  return match?.[1] ? match[1].toLowerCase() : null;
}

const WESTERN = new Set(['windows-1252', 'cp1252', 'iso-8859-1', 'latin1', 'us-ascii', 'ascii', 'iso-8859-15', 'x-cp1252']);
const JAPANESE = new Set(['shift_jis', 'shift-jis', 'sjis', 'x-sjis', 'windows-31j', 'cp932', 'ms932', 'ms_kanji']);

function decodeAs(bytes: Uint8Array, charset: string): DecodedText | null {
  if (WESTERN.has(charset)) return { text: decodeCp1252(bytes), encoding: 'windows-1252' };
  // WHATWG "shift_jis" is Windows-31J (CP932), what MT4 writes on Japanese Windows.
  if (JAPANESE.has(charset)) return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  try {
    const decoder = new TextDecoder(charset);
    return { text: decoder.decode(bytes), encoding: decoder.encoding };
  } catch {
    return null; // a label the platform does not know: fall back to sniffing
  }
}

/**
 * Bytes to text, the way a browser would open the report: a BOM wins (MT5 writes UTF-16LE with one),
 * then BOM-less UTF-16LE, then the `<meta charset>` MT4 writes, then strict UTF-8, then Windows-1252.
 */
export function decodeStatementBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (looksLikeUtf16Le(bytes)) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  const declared = metaCharset(bytes);
  if (declared !== null && declared !== 'utf-16' && declared !== 'unicode') {
    const decoded = decodeAs(bytes, declared);
    if (decoded) return decoded;
  }
  try {
    return { text: utf8Strict.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeCp1252(bytes), encoding: 'windows-1252' };
  }
}
