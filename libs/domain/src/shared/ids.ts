import { AppError } from '@propfolio/core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are opaque uuids. Anything else cannot name a record, so it answers 404 exactly like an unknown
 * id (never a 400 that would tell a probe which ids are well-formed).
 */
export function requireId(id: string, what: string): string {
  if (!UUID.test(id)) throw AppError.notFound(what);
  return id.toLowerCase();
}
