import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: session ids, CSRF tokens, invite and setup tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What is stored in place of a bearer secret: its SHA-256 (hex). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time string equality (lengths are compared first, which leaks only the length). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;
export const isEmail = (email: string): boolean => email.length <= 320 && EMAIL.test(email.trim());
