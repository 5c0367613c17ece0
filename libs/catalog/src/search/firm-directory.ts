import type { Database } from '@propfolio/db';
import type { FirmName } from './firm-match.js';

/**
 * How long a process trusts its copy of the firm list. Firms change only when an import writes new data
 * files: in this process the import drops the copy at once, another instance's import shows within this.
 */
const FIRM_DIRECTORY_TTL_MS = 30_000;

interface Cached {
  firms: FirmName[];
  names: Map<string, string>;
  loadedAt: number;
}

const cache = new WeakMap<Database, Cached>();

/** Forgets the firm list read from `db` (called by the import after it wrote). */
export function forgetFirms(db: Database): void {
  cache.delete(db);
}

/** The firms (slug, name, aliases) and a slug → name map, read at most once per TTL per database. */
export async function firmDirectory(db: Database, now = Date.now(), reload = false): Promise<Cached> {
  const hit = cache.get(db);
  if (hit && !reload && now - hit.loadedAt < FIRM_DIRECTORY_TTL_MS) return hit;
  const firms = await db.prisma.firm.findMany({ select: { slug: true, name: true, aliases: true }, orderBy: { slug: 'asc' } });
  const fresh: Cached = { firms, names: new Map(firms.map((f) => [f.slug, f.name])), loadedAt: now };
  cache.set(db, fresh);
  return fresh;
}
