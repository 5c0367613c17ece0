import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'eakey_';
/** Random base62 characters of a new key (~238 bits). */
const BODY_LENGTH = 40;
/** Fewest random characters a key may carry. */
const MIN_BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Random characters kept in the display prefix. */
const DISPLAY_LENGTH = 8;
const SHAPE = new RegExp(`^${KEY_PREFIX}([0-9A-Za-z]{${MIN_BODY_LENGTH},128})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET.charAt(byte % 62);
    }
  }
  return out;
}

/** Base62 of the first 32 bits of SHA-256(body), left-padded: catches typos and truncation offline. */
function checksum(body: string): string {
  let value = createHash('sha256').update(body).digest().readUInt32BE(0);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET.charAt(value % 62) + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export interface NewKey {
  /** The full secret, shown once. */
  key: string;
  /** Short non-secret part shown in listings and used to revoke. */
  prefix: string;
  /** What is stored. */
  hash: string;
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const displayPrefix = (body: string): string => KEY_PREFIX + body.slice(0, DISPLAY_LENGTH);

export function generateKey(): NewKey {
  const body = randomBase62(BODY_LENGTH);
  const key = `${KEY_PREFIX}${body}${checksum(body)}`;
  return { key, prefix: displayPrefix(body), hash: hashKey(key) };
}

/** True when `key` has the `eakey_` shape and a matching checksum; decided without any database lookup. */
export function isWellFormedKey(key: string): boolean {
  const match = SHAPE.exec(key);
  return match !== null && match[1] !== undefined && checksum(match[1]) === match[2];
}
