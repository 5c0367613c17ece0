/**
 * The statements context's data access beyond the import's own writes: the column mappings a user sent for CSVs no reader knows, kept per user and per file header (CsvMapping rows), so
 * the next file with the same header imports without one. Every read and write names the user: one user's mapping is
 * never read for another's file.
 */
import { createHash } from 'node:crypto';
import type { Database, Prisma } from '@propfolio/db';

/** A kept mapping as it was sent (import_statement's `mapping`). */
export type KeptMapping = Record<string, unknown>;

/** The key of a header: its column names compared loosely (as readers compare headers), hashed to a fixed length. */
export function headerKeyOf(header: readonly string[]): string {
  const loose = header.map((h) => h.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
  while (loose.length > 0 && loose.at(-1) === '') loose.pop();
  return createHash('sha256').update(loose.join('\u001f')).digest('hex');
}

export class StatementsRepository {
  constructor(private readonly db: Database) {}

  /** The user's mapping for files with this header, or null. */
  async findMapping(userId: string, header: readonly string[]): Promise<KeptMapping | null> {
    const row = await this.db.prisma.csvMapping.findUnique({
      where: { userId_headerKey: { userId, headerKey: headerKeyOf(header) } },
      select: { mapping: true },
    });
    const mapping = row?.mapping;
    return mapping !== undefined && mapping !== null && typeof mapping === 'object' && !Array.isArray(mapping) ? mapping : null;
  }

  /** Keeps `mapping` for the user's files with this header (replacing the one kept before). */
  async keepMapping(userId: string, header: readonly string[], mapping: KeptMapping, now = new Date()): Promise<void> {
    const headerKey = headerKeyOf(header);
    const json = mapping as Prisma.InputJsonObject;
    await this.db.prisma.csvMapping.upsert({
      where: { userId_headerKey: { userId, headerKey } },
      create: { userId, headerKey, header: [...header], mapping: json, createdAt: now, usedAt: now },
      update: { header: [...header], mapping: json, usedAt: now },
    });
  }
}
