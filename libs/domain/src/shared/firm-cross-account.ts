/**
 * What the catalog states of a firm's rules across one trader's accounts (libs/catalog `crossAccount`), as the
 * domain reads it: the operation layer passes its CatalogService, whose `firmCrossAccount` has this shape (the
 * domain knows no catalog code). Each fact carries its source and date; an absent fact is unknown.
 */

interface CrossAccountSource {
  url: string;
  readOn: string;
  kind?: 'firm' | 'third_party';
}

interface Fact {
  source: CrossAccountSource;
  note?: string;
  disputed?: { value: unknown; source: CrossAccountSource; note: string }[];
}

interface FirmCrossAccountRules {
  hedging?: Fact & { value: 'forbidden' | 'allowed' };
  allocationCap?: Fact & { amount: number; currency: string; counts: 'funded' | 'all' | null };
  copyTrading?: Fact & { value: 'allowed' | 'restricted' | 'forbidden'; maxAllocation?: number; currency?: string };
}

export interface FirmCrossAccount {
  /** The catalog's firm key. */
  slug: string;
  name: string;
  rules: FirmCrossAccountRules;
}

/** The firm a challenge is at (by its plan id, else its firm text) with its cross-account rules; null: not in the catalog. */
export interface FirmCrossAccountSource {
  firmCrossAccount(firm: string, planId: string | null): FirmCrossAccount | null;
}

/** The source inside a wired-in catalog object, when it has one (a stub or a process without a catalog has none). */
export function crossAccountSourceOf(value: unknown): FirmCrossAccountSource | null {
  return typeof value === 'object' && value !== null && typeof (value as Partial<FirmCrossAccountSource>).firmCrossAccount === 'function'
    ? (value as FirmCrossAccountSource)
    : null;
}
