import type { Prisma } from '@propfolio/db';

/** A stored decimal as a JSON number, converted from its exact decimal text (no arithmetic). */
export function decimalToNumber(value: Prisma.Decimal): number {
  return Number(value.toString());
}

export function nullableDecimalToNumber(value: Prisma.Decimal | null): number | null {
  return value === null ? null : decimalToNumber(value);
}
