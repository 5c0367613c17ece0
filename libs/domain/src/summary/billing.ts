const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(iso: string): [number, number, number] {
  const match = ISO.exec(iso);
  if (!match) throw new Error(`not an ISO date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Billed months of a monthly plan: the fee is charged on the purchase date and then on the same day of
 * every following month (the month's last day when it is shorter, e.g. Jan 31 → Feb 28); every charge
 * dated on or before `end` (the end of the plan, or today) counts. Purchase and end on the same day: 1.
 */
export function billedMonths(purchasedAt: string, end: string): number {
  if (end < purchasedAt) return 0;
  const [py, pm, pd] = parts(purchasedAt);
  const [ey, em, ed] = parts(end);
  const monthsBetween = (ey - py) * 12 + (em - pm);
  const billingDayInEndMonth = Math.min(pd, daysInMonth(ey, em));
  return monthsBetween + (ed >= billingDayInEndMonth ? 1 : 0);
}
