import { IsISO4217CurrencyCode, IsNumber, IsOptional, IsPositive, Max, Min } from 'class-validator';
import { Compose, Doc, UpperCase, type FieldDoc } from '@propfolio/core';
import { Absent, MAX_AMOUNT, MONEY, MONEY_MESSAGE } from './contract-fields.js';

/**
 * Whether a field must be sent: `required`; `optional`, may be left out but not sent as null (Absent);
 * `nullable`, may be left out or sent as null (IsOptional: null clears or means "none").
 */
export type Presence = 'required' | 'optional' | 'nullable';

const presence = (of: Presence): PropertyDecorator[] => (of === 'required' ? [] : of === 'optional' ? [Absent()] : [IsOptional()]);

/** Which amounts a money field takes: more than 0, 0 or more, 0 or less, or either sign. */
export type MoneySign = 'positive' | 'zeroOrMore' | 'zeroOrLess' | 'any';

/** Upper bound first, then lower: see MoneyField. */
const MONEY_BOUNDS: Record<MoneySign, () => PropertyDecorator[]> = {
  positive: () => [Max(MAX_AMOUNT), IsPositive()],
  zeroOrMore: () => [Max(MAX_AMOUNT), Min(0)],
  zeroOrLess: () => [Max(0), Min(-MAX_AMOUNT)],
  any: () => [Max(MAX_AMOUNT), Min(-MAX_AMOUNT)],
};

export interface MoneyFieldOptions extends FieldDoc {
  sign: MoneySign;
  presence?: Presence;
}

/**
 * An amount of money: a JSON number with at most 4 decimals within ±MAX_AMOUNT, of the given sign.
 * The validators are registered in the order the hand-written stacks registered them (decorators apply
 * bottom-up: Max, the lower bound, IsNumber), so the OpenAPI documents and tools/list keep their key order.
 */
export const MoneyField = ({ sign, presence: of = 'required', ...doc }: MoneyFieldOptions): PropertyDecorator =>
  Compose(Doc(doc), ...MONEY_BOUNDS[sign](), IsNumber(MONEY, MONEY_MESSAGE), ...presence(of));

export interface CurrencyFieldOptions extends FieldDoc {
  presence?: Presence;
}

/** An ISO 4217 currency code, accepted in any case and upper-cased. */
export const CurrencyField = ({ presence: of = 'required', ...doc }: CurrencyFieldOptions): PropertyDecorator =>
  Compose(Doc(doc), ...presence(of), UpperCase(), IsISO4217CurrencyCode());
