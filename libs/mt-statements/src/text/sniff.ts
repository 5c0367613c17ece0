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
}
