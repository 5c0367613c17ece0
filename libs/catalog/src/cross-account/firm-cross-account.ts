/**
 * The firms' cross-account rules as the data files state them, kept once per catalog service: the firm-level part
 * of the files the import reads, checked by the same schema (`loadFirmRecords`), looked up by what a challenge
 * records of its firm.
 */
import { loadFirmRecords, type FirmRecord } from '../data/plan-files.js';
import type { CrossAccountRules } from '../schemas/cross-account.js';

export interface FirmCrossAccount {
  slug: string;
  name: string;
  /** Empty when the catalog records none of the firm's cross-account rules (each absent fact is unknown). */
  rules: CrossAccountRules;
}

/** Lower case, letters and digits only: "The 5%ers" and "the5ers" read alike. */
const key = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The catalog firm a challenge is at: the one whose slug starts its plan id (the longest, so `e8-markets-…` is
 * E8 Markets), else the one whose name, slug or alias reads as its firm text; null when none does.
 */
export function firmOfChallenge(firms: readonly FirmRecord[], firm: string, planId: string | null): FirmRecord | null {
  if (planId !== null) {
    const byPlan = firms.filter((f) => planId.startsWith(`${f.slug}-`)).sort((a, b) => b.slug.length - a.slug.length)[0];
    if (byPlan) return byPlan;
  }
  const wanted = key(firm);
  if (wanted === '') return null;
  return firms.find((f) => [f.slug, f.name, ...f.aliases].some((name) => key(name) === wanted)) ?? null;
}

export class CrossAccountDirectory {
  private kept: FirmRecord[] | null = null;

  constructor(private readonly dataDir: () => string) {}

  forget(): void {
    this.kept = null;
  }

  /** The firm a challenge is at with its cross-account rules, or null when the catalog does not know the firm. */
  of(firm: string, planId: string | null): FirmCrossAccount | null {
    this.kept ??= loadFirmRecords(this.dataDir());
    const found = firmOfChallenge(this.kept, firm, planId);
    return found ? { slug: found.slug, name: found.name, rules: found.crossAccount ?? {} } : null;
  }
}
