import { IsIn, IsNumber, IsPositive, IsString, Matches, Max } from 'class-validator';
import { Compose, Doc, type FieldDoc } from '@propfolio/core';
import { MAX_AMOUNT } from './contract-fields.js';

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

/** MetaTrader ids are unsigned 64-bit: at most 20 digits, no sign. */
const POSITION_ID = /^[0-9]{1,20}$/;

/** A position id (MT5) or ticket (MT4): digits as text, since MetaTrader ids are unsigned 64-bit. */
export const PositionIdField = (doc: FieldDoc): PropertyDecorator =>
  Compose(Doc(doc), IsString(), Matches(POSITION_ID, { message: '$property must be 1 to 20 digits (a MetaTrader position id or ticket)' }));

/** Buy or sell. */
export const SideField = (doc: FieldDoc): PropertyDecorator => Compose(Doc(doc), IsIn(SIDES));

/** Lots: a positive price-like number (at most 8 decimals). */
export const LotsField = (doc: FieldDoc): PropertyDecorator =>
  Compose(Doc(doc), IsNumber(PRICE, PRICE_MESSAGE), IsPositive(), Max(MAX_AMOUNT));
