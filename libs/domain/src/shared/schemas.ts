import Type, { type TSchema } from 'typebox';

/** Output building blocks (typebox): one JSON Schema per answer, with the TypeScript type beside it. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Money = (description: string) => Type.Number({ description });
export const IsoDate = (description: string) => Type.String({ format: 'date', description });
export const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
export const Id = (description: string) => Type.String({ format: 'uuid', description });

const CurrencyAmountSchema = Type.Object({
  currency: Type.String({ description: 'ISO 4217 code, upper-case.' }),
  amount: Type.Number({ description: 'Exact amount in that currency.' }),
});

export const ByCurrency = (description: string) => Type.Array(CurrencyAmountSchema, { description });

export const NextCursor = Nullable(Type.String({ description: 'Pass as `cursor` to get the next page; null when this is the last page.' }));

/** One page of a list: the items in `order`, and the cursor of the next page. */
export const PageOf = <T extends TSchema>(item: T, order: string) =>
  Type.Object({ items: Type.Array(item, { description: order }), nextCursor: NextCursor });
