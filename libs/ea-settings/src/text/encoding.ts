import { decodeCp1252, encodeCp1252, encodeShiftJis } from './legacy-encoders.js';

/** How a file's bytes are encoded; `ascii` means no byte above 0x7F and no BOM. */
export type TextEncodingName = 'utf-16le-bom' | 'utf-16le' | 'utf-8-bom' | 'utf-8' | 'ascii' | 'shift_jis' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of the BOM (empty when none). */
  bomLength: number;
  /** True when the bytes look like binary data rather than text. */
  binary: boolean;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8Loose = new TextDecoder('utf-8');
const utf16 = new TextDecoder('utf-16le');
// WHATWG "shift_jis" is Windows-31J (CP932), what MT4 writes on Japanese Windows; the decoder exists in
// every browser and in Node (full ICU), so the core needs no Node built-in and no Buffer object.
const shiftJis = new TextDecoder('shift_jis');
const utf8Encoder = new TextEncoder();

function looksLikeUtf16Le(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return false;
  const n = Math.min(bytes.length, 512);
  let oddZeros = 0;
  let evenZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  return oddZeros > n / 4 && evenZeros < oddZeros / 4;
}

function isAscii(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if ((bytes[i] as number) > 0x7f) return false;
  return true;
}

/** Share of valid two-byte Shift_JIS sequences among the non-ASCII bytes; 1 means every one is valid. */
function shiftJisScore(bytes: Uint8Array): number {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b < 0x80 || (b >= 0xa1 && b <= 0xdf)) continue;
    const lead = (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);
    const t = bytes[i + 1];
    if (lead && t !== undefined && t >= 0x40 && t <= 0xfc && t !== 0x7f) {
      valid++;
      i++;
    } else invalid++;
  }
  return valid + invalid === 0 ? 0 : valid / (valid + invalid);
}

function controlByteShare(bytes: Uint8Array, from: number): number {
  let control = 0;
  const n = Math.min(bytes.length, 4096);
  for (let i = from; i < n; i++) {
    const b = bytes[i] as number;
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1a)) control++;
  }
  return n - from <= 0 ? 0 : control / (n - from);
}

export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le-bom', bomLength: 2, binary: false };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8-bom', bomLength: 3, binary: controlByteShare(bytes, 3) > 0.05 };
  }
  if (looksLikeUtf16Le(bytes)) return { encoding: 'utf-16le', bomLength: 0, binary: false };
  const binary = controlByteShare(bytes, 0) > 0.05 || bytes.includes(0);
  if (isAscii(bytes, 0)) return { encoding: 'ascii', bomLength: 0, binary };
  try {
    utf8Strict.decode(bytes);
    return { encoding: 'utf-8', bomLength: 0, binary };
  } catch {
    return { encoding: shiftJisScore(bytes) > 0.9 ? 'shift_jis' : 'windows-1252', bomLength: 0, binary };
  }
}

export function isUtf16(encoding: TextEncodingName): boolean {
  return encoding === 'utf-16le' || encoding === 'utf-16le-bom';
}

export function bomBytes(encoding: TextEncodingName): Uint8Array {
  if (encoding === 'utf-16le-bom') return Uint8Array.of(0xff, 0xfe);
  if (encoding === 'utf-8-bom') return Uint8Array.of(0xef, 0xbb, 0xbf);
  return new Uint8Array(0);
}

export function decodeBytes(bytes: Uint8Array, encoding: TextEncodingName): string {
  switch (encoding) {
    case 'utf-16le':
    case 'utf-16le-bom':
      return utf16.decode(bytes);
    case 'utf-8':
    case 'utf-8-bom':
    case 'ascii':
      return utf8Loose.decode(bytes);
    case 'shift_jis':
      return shiftJis.decode(bytes);
    case 'windows-1252':
      return decodeCp1252(bytes);
  }
}

function encodeUtf16Le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i * 2] = c & 0xff;
    out[i * 2 + 1] = c >> 8;
  }
  return out;
}

/** Encodes without BOM. */
export function encodeText(text: string, encoding: TextEncodingName): Uint8Array {
  switch (encoding) {
    case 'utf-16le':
    case 'utf-16le-bom':
      return encodeUtf16Le(text);
    case 'utf-8':
    case 'utf-8-bom':
    case 'ascii':
      return utf8Encoder.encode(text);
    case 'shift_jis':
      return encodeShiftJis(text);
    case 'windows-1252':
      return encodeCp1252(text);
  }
}

/** The ANSI code page able to hold `text`: cp1252 for Western text, CP932 (Shift_JIS) when it has Japanese. */
export function ansiEncodingFor(text: string): TextEncodingName {
  // eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL on purpose
  if (/^[\x00-\x7f]*$/.test(text)) return 'windows-1252';
  const roundTrip = decodeBytes(encodeText(text, 'windows-1252'), 'windows-1252');
  return roundTrip === text ? 'windows-1252' : 'shift_jis';
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
