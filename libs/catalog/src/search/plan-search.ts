import { dateToIso, daysBetween, decodeOffsetCursor, nextOffsetCursor } from '@propfolio/core';
import { decimalToNumber, type Database, Prisma } from '@propfolio/db';
import type { PlanQuery } from '../catalog.inputs.js';
import type { PlanRules } from '../schemas/rules.js';
import { PRICE_NOTE, type PlanItem, type PlanProgram, type PlanSearchAnswer, type PlanSearchResult } from '../catalog.outputs.js';
import type { FirmDirectory } from './firm-directory.js';
import { matchFirm, suggestFirms, type FirmName } from './firm-match.js';
import { matchPlan } from './plan-match.js';

export interface Freshness {
  /** Today's date, `YYYY-MM-DD`. */
  today: string;
  staleAfterDays: number;
}

/** Whether a plan checked on `checkedOn` is due for a re-check: the one rule search_plans and the coach's answers both state. */
export const isStale = (checkedOn: string, freshness: Freshness): boolean =>
  daysBetween(checkedOn, freshness.today) > freshness.staleAfterDays;

type PlanRow = Prisma.PlanGetPayload<object>;

const decimal = (value: number): Prisma.Decimal => new Prisma.Decimal(String(value));

function orderBy(sort: PlanQuery['sort']): Prisma.PlanOrderByWithRelationInput[] {
  const tail: Prisma.PlanOrderByWithRelationInput[] = [{ firmSlug: 'asc' }, { program: 'asc' }, { id: 'asc' }];
  switch (sort) {
    case 'price':
    case '-price':
      return [{ price: { sort: sort === 'price' ? 'asc' : 'desc', nulls: 'last' } }, ...tail];
    case 'size':
    case '-size':
      return [{ accountSize: { sort: sort === 'size' ? 'asc' : 'desc', nulls: 'last' } }, ...tail];
    default:
      return [{ firmSlug: 'asc' }, { program: 'asc' }, { accountSize: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }];
  }
}

function toPlanItem(row: PlanRow, firmName: string, freshness: Freshness): PlanItem {
  const checkedOn = dateToIso(row.checkedOn);
  const ageDays = daysBetween(checkedOn, freshness.today);
  return {
    id: row.id,
    firm: { slug: row.firmSlug, name: firmName },
    program: row.program,
    phases: row.phases,
    accountSize: decimalToNumber(row.accountSize),
    currency: row.currency,
    billing: row.billing,
    price: decimalToNumber(row.price),
    priceNote: PRICE_NOTE,
    // Trusted: only the import writes plan rows, and it validated these rules against PlanRulesSchema.
    rules: row.rules as PlanRules,
    checkedOn,
    ageDays,
    stale: isStale(checkedOn, freshness),
    sourceUrl: row.sourceUrl,
    notes: row.notes,
  };
}

/** The ids of the firm's plans that a purchase's plan text names: the one, or the several it fits. */
async function plansNamed(db: Database, firm: FirmName, plan: string): Promise<string[]> {
  const rows = await db.prisma.plan.findMany({
    where: { firmSlug: firm.slug },
    select: { id: true, firmSlug: true, program: true, accountSize: true, currency: true },
  });
  const match = matchPlan(
    firm.name,
    plan,
    [firm],
    rows.map((row) => ({ ...row, accountSize: decimalToNumber(row.accountSize) })),
  );
  return match.kind === 'one' ? [match.plan.id] : match.kind === 'several' ? match.plans.map((p) => p.id) : [];
}

/** Filters, sorts and pages the plan database; an unknown firm yields no items and the closest firm names. */
export async function searchPlans(db: Database, firms: FirmDirectory, query: PlanQuery, freshness: Freshness): Promise<PlanSearchResult> {
  const offset = decodeOffsetCursor(query.cursor, 'plans');
  const limit = query.limit ?? 20;
  // Firm names come from the process's firm directory, so a search is one query on the plans alone.
  let directory = await firms.read();
  let firmSlug: string | undefined;
  let planIds: string[] | undefined;
  if (query.firm !== undefined && query.firm.trim() !== '') {
    const firm = matchFirm(query.firm, directory.firms);
    if (!firm) return { items: [], nextCursor: null, suggestions: suggestFirms(query.firm, directory.firms) };
    firmSlug = firm.slug;
    if (query.plan !== undefined && query.plan.trim() !== '') planIds = await plansNamed(db, firm, query.plan);
  }
  const rows = await db.prisma.plan.findMany({
    where: {
      id: planIds === undefined ? undefined : { in: planIds },
      firmSlug,
      phases: query.phases,
      accountSize: query.size === undefined ? undefined : decimal(query.size),
      price: query.maxPrice === undefined ? undefined : { lte: decimal(query.maxPrice) },
      currency: query.currency,
      billing: query.billing,
    },
    orderBy: orderBy(query.sort),
    skip: offset,
    take: limit + 1,
  });
  // A firm imported by another instance since the directory was read: read it again, once.
  if (rows.some((row) => !directory.names.has(row.firmSlug))) directory = await firms.read(Date.now(), true);
  return {
    items: rows.slice(0, limit).map((row) => toPlanItem(row, directory.names.get(row.firmSlug) ?? row.firmSlug, freshness)),
    nextCursor: nextOffsetCursor('plans', offset, limit, rows.length),
  };
}

/**
 * The plans of a page under their program, in the order of each program's first plan: the fields a
 * program's plans share (firm, program, phases, currency, billing, rules, dates, source, notes) once, and
 * per size its id, size, price and deferred fee. The rules' further sources stay in the full rows. Plans
 * that differ in any shared field make a program of their own.
 */
export function groupByProgram(items: PlanItem[]): PlanProgram[] {
  const programs = new Map<string, PlanProgram>();
  for (const item of items) {
    const { id, accountSize, price, priceNote: _priceNote, rules: full, ...rest } = item;
    const { deferredFee, otherSources: _otherSources, ...rules } = full;
    const size = { id, accountSize, price, ...(deferredFee === null ? {} : { deferredFee }) };
    const key = JSON.stringify([rest, rules]);
    const program = programs.get(key);
    if (program) program.sizes.push(size);
    else {
      const { firm, program: name, phases, currency, billing, checkedOn, ageDays, stale, sourceUrl, notes } = rest;
      programs.set(key, {
        firm,
        program: name,
        phases,
        currency,
        billing,
        sizes: [size],
        rules,
        checkedOn,
        ageDays,
        stale,
        sourceUrl,
        notes,
      });
    }
  }
  return [...programs.values()];
}

/** The search_plans answer: grouped by program by default, the whole rows with `detail: "full"`. */
export async function answerPlanSearch(
  db: Database,
  firms: FirmDirectory,
  query: PlanQuery,
  freshness: Freshness,
): Promise<PlanSearchAnswer> {
  const { items, ...page } = await searchPlans(db, firms, query, freshness);
  return query.detail === 'full' ? { items, ...page } : { priceNote: PRICE_NOTE, programs: groupByProgram(items), ...page };
}
