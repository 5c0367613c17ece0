/**
 * Windows-1252, written out here because Node 20's TextDecoder of that name is really Latin-1
 * (0x80 gives U+0080, not €), unlike browsers; MT4 on Western Windows writes this code page.
 * 0x80..0x9F map through the table (0 = undefined byte, read as U+FFFD); every other byte is its Latin-1 code point.
 */
const HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

export function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  // Chunks keep String.fromCharCode's argument list short on multi-megabyte files.
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes: number[] = [];
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i] as number;
      codes.push(b >= 0x80 && b < 0xa0 ? HIGH[b - 0x80] || 0xfffd : b);
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}
