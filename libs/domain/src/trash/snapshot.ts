import { Prisma } from '@propfolio/db';

/**
 * Rows to JSON and back without losing anything: Decimals keep every digit (as strings) and dates
 * their exact instant, tagged so a restore re-inserts the very same values.
 */
type Tagged = { $decimal: string } | { $date: string };
export type SnapshotRow = Record<string, unknown>;

export function freeze(row: object): SnapshotRow {
  const out: SnapshotRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = { $date: value.toISOString() } satisfies Tagged;
    else if (Prisma.Decimal.isDecimal(value)) out[key] = { $decimal: value.toFixed() } satisfies Tagged;
    else out[key] = value;
  }
  return out;
}

export function thaw(row: SnapshotRow): SnapshotRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value && typeof value === 'object' && '$date' in value) out[key] = new Date((value as { $date: string }).$date);
    else if (value && typeof value === 'object' && '$decimal' in value)
      out[key] = new Prisma.Decimal((value as { $decimal: string }).$decimal);
    else out[key] = value;
  }
  return out;
}
