/**
 * The wire shapes a position shares wherever it is sent: closed ones (the tracker's positions message, statements)
 * and open ones (with a snapshot). Written once here so that the accounts and trades contexts agree.
 */
export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];

/** Longest symbol stored; brokers' longest names (suffixed CFDs) stay well under it. */
export const MAX_SYMBOL_LENGTH = 32;

/** Prices and volumes on the wire: JSON numbers with at most 8 decimals (crypto, JPY crosses, 0.001-lot steps), stored exactly. */
export const PRICE = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 8 } as const;
export const PRICE_MESSAGE = { message: '$property must be a number with at most 8 decimals' } as const;
export const MAX_PRICE = 9_999_999_999_999;
