import { AppError } from '@propfolio/core';

/**
 * Reads the API key from an Authorization header value. No header means "no key" (public operations
 * only); anything present that is not `Bearer <token>` is an invalid credential, never "no key".
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('invalid_token', 'The Authorization header must be "Bearer <API key>".');
  return match[1] as string;
}
