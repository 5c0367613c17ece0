import { ValidateIf, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Compose, Doc, NumberFromQuery, Trim } from '@propfolio/core';
import { DEFAULT_LIMIT, MAX_LIMIT } from './pagination.js';

/**
 * Optional field that may be left out but not sent as null: null still meets the field's validators
 * (and fails them), unlike class-validator's IsOptional.
 */
export const Absent = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** Free text: trimmed, then 1 to `maxLength` characters. */
export function FreeText(maxLength: number): PropertyDecorator {
  return Compose(Trim(), IsString(), MinLength(1), MaxLength(maxLength));
}

/** Money on the wire: a JSON number with at most 4 decimals (stored as an exact Decimal). */
export const MONEY = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 } as const;
/** What `@IsNumber(MONEY, MONEY_MESSAGE)` says of a wrong value (class-validator's own text names no rule). */
export const MONEY_MESSAGE = { message: '$property must be a number with at most 4 decimals' } as const;
/**
 * Upper bound of any amount. A JSON number (an IEEE double) carries 15 significant decimal digits
 * exactly: with 4 decimals that leaves 11 integer digits. Above this, 2123456789009.3458 would be stored
 * as …3457, so larger amounts are refused rather than silently changed.
 */
export const MAX_AMOUNT = 99_999_999_999.9999;

/** `limit` and `cursor` of every list. */
/** A list's page size (`limit`), for PageInput and a list input that cannot extend it. */
// Listed as the decorators stood on PageInput, bottom-up (Max before Min), so OpenAPI keeps its order.
export const PageLimit = (): PropertyDecorator =>
  Compose(Doc({ description: 'Page size.', default: DEFAULT_LIMIT }), NumberFromQuery(), IsOptional(), IsInt(), Max(MAX_LIMIT), Min(1));
/** A list's `cursor`: the previous page's nextCursor. */
export const PageCursor = (): PropertyDecorator => Compose(Doc('nextCursor.'), IsOptional(), IsString());

export class PageInput {
  @PageLimit()
  limit?: number;

  @PageCursor()
  cursor?: string;
}
