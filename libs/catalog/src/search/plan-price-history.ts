import { AppError, dateToIso, decodeOffsetCursor, nextOffsetCursor } from '@propfolio/core';
import { decimalToNumber, type Database } from '@propfolio/db';
import type { PlanPriceHistoryQuery } from '../catalog.inputs.js';
import { PRICE_NOTE, type PlanPriceHistory } from '../catalog.outputs.js';

/**
 * The list prices one plan has had, newest first. The import writes a row only when the price or
 * currency changes, so each row is a price in force from its `checkedOn` until the next one.
 */
export async function planPriceHistory(db: Database, query: PlanPriceHistoryQuery): Promise<PlanPriceHistory> {
  const offset = decodeOffsetCursor(query.cursor, 'plan-prices');
  const limit = query.limit ?? 20;
  const plan = await db.prisma.plan.findUnique({ where: { id: query.id }, select: { id: true } });
  if (!plan) throw AppError.notFound(`Plan "${query.id}"`);
  const rows = await db.prisma.planPrice.findMany({
    where: { planId: query.id },
    orderBy: [{ checkedOn: 'desc' }, { recordedAt: 'desc' }, { id: 'asc' }],
    select: { price: true, currency: true, checkedOn: true },
    skip: offset,
    take: limit + 1,
  });
  return {
    planId: plan.id,
    priceNote: PRICE_NOTE,
    items: rows
      .slice(0, limit)
      .map((row) => ({ price: decimalToNumber(row.price), currency: row.currency, checkedOn: dateToIso(row.checkedOn) })),
    nextCursor: nextOffsetCursor('plan-prices', offset, limit, rows.length),
  };
}
