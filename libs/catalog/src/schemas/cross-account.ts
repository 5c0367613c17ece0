/**
 * Rules a firm sets across one trader's accounts (firm-level, beside the programs): whether opposite positions on
 * two of the trader's accounts at the firm count as forbidden hedging, the cap on the trader's combined allocation,
 * and what the firm says of copying trades between the trader's own accounts. Each fact carries its own source and
 * date, as a plan's rules do (`RuleSourceSchema`, `disputed`); a fact the research did not find is absent (unknown).
 */
import Type, { type Static } from 'typebox';
import { Nullable, RuleSourceSchema } from './rules.js';

/** Other values a fact is given elsewhere, each with its source and why the fact's own value is the one used. */
const Disputes = Type.Optional(
  Type.Array(
    Type.Object(
      {
        value: Type.Unknown({ description: 'The other value: the same shape as the fact, or a short text.' }),
        source: RuleSourceSchema,
        note: Type.String({ minLength: 1 }),
      },
      { additionalProperties: false },
    ),
    { minItems: 1 },
  ),
);

const Fact = {
  source: RuleSourceSchema,
  note: Type.Optional(Type.String()),
  disputed: Disputes,
};

export const CROSS_ACCOUNT_HEDGING = ['forbidden', 'allowed'] as const;
/** What a cap counts: `funded` the funded (reward) accounts only; `all` evaluations too. */
export const ALLOCATION_COUNTS = ['funded', 'all'] as const;
export const COPY_TRADING = ['allowed', 'restricted', 'forbidden'] as const;

export const CrossAccountRulesSchema = Type.Object(
  {
    /** Opposite positions on one symbol, open together on two of the trader's accounts at the firm. */
    hedging: Type.Optional(Type.Object({ value: Type.Enum(CROSS_ACCOUNT_HEDGING), ...Fact }, { additionalProperties: false })),
    /** The most one trader may hold at the firm: the sum of the counted accounts' initial sizes. */
    allocationCap: Type.Optional(
      Type.Object(
        {
          amount: Type.Number({ exclusiveMinimum: 0 }),
          currency: Type.String({ pattern: '^[A-Z]{3}$' }),
          /** Null: the sources do not say whether evaluations count. */
          counts: Nullable(Type.Enum(ALLOCATION_COUNTS)),
          ...Fact,
        },
        { additionalProperties: false },
      ),
    ),
    /** Copying trades between the trader's own accounts at the firm. */
    copyTrading: Type.Optional(
      Type.Object(
        {
          value: Type.Enum(COPY_TRADING),
          /** The combined size copied accounts may reach, where the firm names one. */
          maxAllocation: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
          ...Fact,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CrossAccountRules = Static<typeof CrossAccountRulesSchema>;
