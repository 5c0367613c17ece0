/**
 * The two ANSI code pages MT4 writes, without Node's Buffer or any package. Shift_JIS (Windows-31J):
 * the platform decoder exists everywhere, and the encoder table is derived once, lazily, from it, so
 * encoding is the exact inverse of decoding. Windows-1252 is written out here, because Node 20's decoder
 * of that name is really Latin-1 (0x80 gives U+0080, not €), unlike browsers. A character a code page
 * lacks is written as '?'; an undefined byte reads as U+FFFD.
 */
const QUESTION = 0x3f;

let cp1252Table: Map<number, number> | undefined;
let shiftJisTable: Map<number, number> | undefined;

/** 0x80..0x9F of Windows-1252 (0 = undefined byte); every other byte is its Latin-1 code point. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

const cp1252CodePoint = (b: number): number => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] || 0xfffd : b);

export function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(cp1252CodePoint(bytes[i] as number));
  return out;
}

function singleByteTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (let b = 0; b < 256; b++) {
    const code = cp1252CodePoint(b);
    if (code !== 0xfffd) table.set(code, b);
  }
  return table;
}

const isLead = (b: number): boolean => (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);

function shiftJisPairs(): Map<number, number> {
  const decoder = new TextDecoder('shift_jis');
  const table = new Map<number, number>();
  for (let b = 0; b < 0x80; b++) table.set(b, b);
  for (let b = 0xa1; b <= 0xdf; b++) table.set(0xff61 + (b - 0xa1), b);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (!isLead(lead)) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const text = decoder.decode(Uint8Array.of(lead, trail));
      const code = text.codePointAt(0) as number;
      // The first (lowest) sequence wins, as Windows-31J's own encoder prefers the NEC rows.
      if (text.length === 1 && code !== 0xfffd && !table.has(code)) table.set(code, (lead << 8) | trail);
    }
  }
  return table;
}

function encodeWith(text: string, table: Map<number, number>): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const v = table.get(ch.codePointAt(0) as number);
    if (v === undefined) out.push(QUESTION);
    else if (v > 0xff) out.push(v >> 8, v & 0xff);
    else out.push(v);
  }
  return Uint8Array.from(out);
}

export function encodeCp1252(text: string): Uint8Array {
  cp1252Table ??= singleByteTable();
  return encodeWith(text, cp1252Table);
}

export function encodeShiftJis(text: string): Uint8Array {
  shiftJisTable ??= shiftJisPairs();
  return encodeWith(text, shiftJisTable);
}
