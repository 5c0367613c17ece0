import type { Database } from '@propfolio/db';
import type { FirmName } from './firm-match.js';

/**
 * How long a process trusts its copy of the firm list. Firms change only when an import writes new data
 * files: in this process the import drops the copy at once (CatalogService.forgetKept), another instance's import shows within this.
 */
const FIRM_DIRECTORY_TTL_MS = 30_000;

/** The firms (slug, name, aliases) and a slug → name map, as one read gave them. */
export interface FirmList {
  firms: FirmName[];
  names: Map<string, string>;
  loadedAt: number;
}

/** The firm list one CatalogService keeps: read at most once per TTL, dropped by the import (see forget). */
export class FirmDirectory {
  private kept: FirmList | undefined;

  constructor(private readonly db: Database) {}

  /** Forgets the kept list (called after an import wrote). */
  forget(): void {
    this.kept = undefined;
  }

  /** The firms, from the kept copy while it is fresh; `reload` reads them again whatever its age. */
  async read(now = Date.now(), reload = false): Promise<FirmList> {
    const hit = this.kept;
    if (hit && !reload && now - hit.loadedAt < FIRM_DIRECTORY_TTL_MS) return hit;
    const firms = await this.db.prisma.firm.findMany({ select: { slug: true, name: true, aliases: true }, orderBy: { slug: 'asc' } });
    const fresh: FirmList = { firms, names: new Map(firms.map((f) => [f.slug, f.name])), loadedAt: now };
    this.kept = fresh;
    return fresh;
  }
}
