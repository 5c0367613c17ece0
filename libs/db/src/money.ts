import { Prisma } from './generated/prisma/client.js';

/**
 * A stored Decimal as a JSON number, from its exact decimal text (no float arithmetic on the way): the one
 * conversion every answer uses, at its edge. `null` (an unset column) stays null.
 */
export function decimalToNumber(value: Prisma.Decimal): number;
export function decimalToNumber(value: Prisma.Decimal | null): number | null;
export function decimalToNumber(value: Prisma.Decimal | null): number | null {
  return value === null ? null : Number(value.toFixed());
}
