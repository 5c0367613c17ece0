import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM over a channel's secrets. The box is base64 of iv (12) | tag (16) | ciphertext, and the channel's id is
 * the additional data, so a box copied onto another channel's row fails to open instead of sending there.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the key is not the one that sealed it, or the box or its binding was altered. */
export function unseal(key: Buffer, box: string, boundTo: string): string {
  const bytes = Buffer.from(box, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** What a list shows of a secret: its last four characters, never more than a quarter of it. */
export function maskedHint(secret: string): string {
  const shown = Math.min(4, Math.floor(secret.length / 4));
  return `…${secret.slice(secret.length - shown)}`;
}
