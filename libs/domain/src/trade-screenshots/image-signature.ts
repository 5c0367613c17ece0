import { type SCREENSHOT_TYPES } from './trade-screenshots.inputs.js';

export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string): number[] => [...Buffer.from(text, 'latin1')];

/**
 * The image type the bytes themselves say they are (their file signature), or null for anything else: an upload's
 * declared type is never trusted, so HTML labelled image/png is never stored, nor served back as an image.
 */
export function imageTypeOf(bytes: Uint8Array): ScreenshotType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  // RIFF, a 4-byte length, then the WEBP form type.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
