/**
 * Which catalog plan a purchase names: the firm as typed (any alias, case, width or spacing, as matchFirm reads
 * it) and the plan as typed ("2-Step 100k", "FTMO Challenge 2-step $100K", "100,000"). Pure: the caller
 * passes the firms and plans, so the same answer holds on REST, MCP and in the dashboard's form.
 *
 * The plan text is read as an account size (any number of at least 1,000 once its `k`/`m`/`万` is applied:
 * `100k`, `$100K`, `100,000`, `100.000`, `200万`) and a program, whatever words remain. A program matches when
 * its folded name, that name without the firm's, or its key (the middle of its id, `2-step` of
 * `ftmo-2-step-100000`) equals the remaining words or one contains the other; an exact match wins over one
 * by containment. No words match every program of the firm, no size every size.
 */
import { firmKey, matchFirm, type FirmName } from './firm-match.js';

export interface MatchablePlan {
  id: string;
  firmSlug: string;
  program: string;
  accountSize: number | null;
  currency: string;
}

export type PlanMatch =
  /** Exactly one plan fits: link it. */
  | { kind: 'one'; plan: MatchablePlan }
  /** Several plans fit the names; the caller picks one. */
  | { kind: 'several'; plans: MatchablePlan[] }
  /** None fits; `near` are the firm's plans of the named program (or all its plans) to pick from, empty for an unknown firm. */
  | { kind: 'none'; reason: 'unknown_firm' | 'unknown_program' | 'unknown_size'; near: MatchablePlan[] };

export interface PlanText {
  /** The account size the text names, or null. */
  size: number | null;
  /** The words left once the size is taken out, folded (case, width, kana; no spaces or punctuation). */
  words: string;
}

const MULTIPLIER: Record<string, number> = { k: 1_000, m: 1_000_000, 万: 10_000 };
/** Smallest number read as an account size: "2-Step", "Phase 1" or "10%" are not sizes. */
const MIN_SIZE = 1_000;
/**
 * An optional currency sign, then thousands in groups (`100,000`, `100.000`, `100 000`) or a plain or
 * decimal number (`100`, `1.5`), then an optional multiplier not followed by a letter (`100k`, not `100kg`),
 * and never a percentage.
 */
const NUMBER = /[$€£¥]?\s*(\d{1,3}(?:[,. ]\d{3})+(?!\d)|\d+(?:\.\d+)?)\s*(k|m|万)?(?![\p{L}\d%])/giu;

/** Reads the account size out of a plan's text and folds what is left. */
export function readPlanText(text: string): PlanText {
  const plain = text.normalize('NFKC');
  let size: number | null = null;
  let rest = plain;
  for (const match of plain.matchAll(NUMBER)) {
    const digits = match[1] ?? '';
    const unit = (match[2] ?? '').toLowerCase();
    // Grouped thousands drop their separators; a single dot with other than three digits after it is a decimal.
    const value =
      (/^\d{1,3}(?:[,. ]\d{3})+$/.test(digits) ? Number(digits.replace(/[,. ]/g, '')) : Number(digits)) * (MULTIPLIER[unit] ?? 1);
    if (!Number.isFinite(value) || value < MIN_SIZE || (size !== null && size >= value)) continue;
    size = value;
    rest = plain.slice(0, match.index) + ' ' + plain.slice(match.index + match[0].length);
  }
  return { size, words: firmKey(rest) };
}

/** The folded names a program answers to: its name, its name without the firm's, and its key from the plan id. */
function programKeys(plan: MatchablePlan, firm: FirmName): string[] {
  const name = firmKey(plan.program);
  const keys = new Set([name]);
  for (const firmName of [firm.name, firm.slug, ...firm.aliases].map(firmKey).filter((k) => k.length > 0))
    if (name.startsWith(firmName)) keys.add(name.slice(firmName.length));
  const prefix = `${plan.firmSlug}-`;
  if (plan.id.startsWith(prefix)) {
    const tail = plan.id.slice(prefix.length);
    const key = plan.accountSize === null ? tail : tail.replace(/-[\d.]+$/, '');
    keys.add(firmKey(key));
  }
  keys.delete('');
  return [...keys];
}

/** The words without the firm's own name in front ("FTMO 2-Step" typed as the plan). */
function withoutFirm(words: string, firm: FirmName): string {
  for (const name of [firm.name, firm.slug, ...firm.aliases].map(firmKey).filter((k) => k.length > 0))
    if (words.startsWith(name) && words.length > name.length) return words.slice(name.length);
  return words;
}

const bySizeThenId = (a: MatchablePlan, b: MatchablePlan) => (a.accountSize ?? 0) - (b.accountSize ?? 0) || a.id.localeCompare(b.id);

/** The plan the firm and plan names point to, the several they fit, or why none does. */
export function matchPlan(firmText: string, planText: string, firms: readonly FirmName[], plans: readonly MatchablePlan[]): PlanMatch {
  const firm = matchFirm(firmText, firms);
  if (!firm) return { kind: 'none', reason: 'unknown_firm', near: [] };
  const own = plans.filter((plan) => plan.firmSlug === firm.slug).sort(bySizeThenId);
  const { size, words: typed } = readPlanText(planText);
  const words = withoutFirm(typed, firm);

  let programs = own;
  if (words.length > 0) {
    const keyed = own.map((plan) => ({ plan, keys: programKeys(plan, firm) }));
    const exact = keyed.filter(({ keys }) => keys.includes(words));
    const contained = keyed.filter(({ keys }) => keys.some((key) => key.includes(words) || (key.length >= 2 && words.includes(key))));
    programs = (exact.length > 0 ? exact : contained).map(({ plan }) => plan);
  }
  if (programs.length === 0) return { kind: 'none', reason: 'unknown_program', near: own };
  const sized = size === null ? programs : programs.filter((plan) => plan.accountSize === size);
  if (sized.length === 0) return { kind: 'none', reason: 'unknown_size', near: programs };
  const [only] = sized;
  return sized.length === 1 && only ? { kind: 'one', plan: only } : { kind: 'several', plans: sized };
}
