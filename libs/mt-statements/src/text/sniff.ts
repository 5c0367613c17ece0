import { StatementError } from '../errors.js';

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((b, i) => bytes[i] === b);

/**
 * Refuses the other files the terminals save next to the HTML report, by their magic bytes, with the fix
 * in the message. Excel is left out on purpose (see README): an .xlsx is a zip of XML parts whose layout
 * MetaQuotes changes between builds, and the HTML carries the same rows.
 */
export function refuseKnownBinary(bytes: Uint8Array): void {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    throw new StatementError(
      'unsupported_format',
      'This is a zip file (an Excel .xlsx report, probably). Excel reports are not read: export the report as HTML instead ' +
        '(MT5: Toolbox → History → right-click → Report → HTML; MT4: Account History → right-click → Save as Detailed Report).',
    );
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw new StatementError('unsupported_format', 'This is an old Excel (.xls) file. Export the report as HTML instead.');
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) {
    throw new StatementError('unsupported_format', 'This is a PDF. Export the report from the terminal as HTML instead.');
  }
  // Files no terminal writes as a report, even with HTML somewhere inside (a polyglot): refused by their magic
  // bytes before any decoding guesses at them.
  const other = OTHER_BINARIES.find(([, signature]) => startsWith(bytes, signature));
  if (other) throw new StatementError('not_a_statement', `This is ${other[0]}, not an account statement saved as HTML.`);
}

const OTHER_BINARIES: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['a 7-Zip archive', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['a RAR archive', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
];

/**
 * Refuses decoded text that holds a NUL character: no HTML report has one, while binary data (an image or
 * archive with HTML pasted after it, NUL padding) does. Checked on the decoded text, not the bytes, because
 * MT5's UTF-16LE legitimately has a zero byte in nearly every character, which decodes to no NUL.
 */
export function refuseBinaryText(text: string): void {
  const at = text.indexOf('\u0000');
  if (at >= 0) {
    throw new StatementError(
      'not_a_statement',
      `The file holds binary data (a NUL character at position ${at}), so it is not an HTML statement.`,
    );
  }
}
