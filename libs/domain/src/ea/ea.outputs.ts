import Type, { type Static } from 'typebox';
import type { SetFormat, TextEncodingName } from '@propfolio/ea-settings';

/** Output schemas of the EA settings operations (the engine itself stays free of schema libraries). */
const Localized = Type.Object({ ja: Type.String(), en: Type.String() }, { description: 'Japanese and English text.' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const paramSummaryFields = {
  number: Type.String({ description: 'Group-position number, e.g. 37-5.' }),
  name: Type.String({ description: 'MQL input name.' }),
  type: Type.String(),
  default: Value,
  group: Type.Object({ number: Type.Integer(), label: Localized }),
  label: Localized,
  risky: Type.Boolean({ description: 'True for inputs such as martingale that can blow an account.' }),
};

export const EaOverviewSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  platforms: Type.Array(Type.String()),
  summary: Type.String(),
  howToGet: Type.String(),
  suitedFor: Type.Array(Type.String()),
  notSuitedFor: Type.Array(Type.String()),
  gettingStarted: Type.Array(Type.String()),
  inputCount: Type.Integer(),
  groups: Type.Array(Type.Object({ number: Type.Integer(), label: Type.String(), description: Type.String(), inputCount: Type.Integer() })),
  presets: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), description: Type.String() })),
});

export const EaSearchParamsSchema = Type.Object({
  total: Type.Integer({ description: 'Matches in all.' }),
  items: Type.Array(Type.Object({ ...paramSummaryFields, score: Type.Number({ description: 'Relevance.' }) })),
  nextCursor: Nullable(Type.String()),
});

export const EaParamDetailSchema = Type.Object({
  ...paramSummaryFields,
  description: Localized,
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  step: Nullable(Type.Number()),
  unit: Nullable(Localized),
  enumValues: Nullable(Type.Array(Type.Object({ value: Type.Number(), label: Localized }))),
  related: Type.Array(Type.Object({ number: Type.String(), name: Type.String(), label: Localized })),
  cautions: Type.Array(Localized),
  testerOnly: Type.Boolean(),
  oldNames: Type.Array(Type.String(), { description: 'Names this input had in older EA versions.' }),
});

/** The encodings the engine reads and writes (its TextEncodingName). */
const TextEncoding = (description: string) =>
  Type.Enum(['utf-16le-bom', 'utf-16le', 'utf-8-bom', 'utf-8', 'ascii', 'shift_jis', 'windows-1252'] satisfies TextEncodingName[], {
    description,
  });
/** A .set file's format (the engine's SetFormat). */
const Format = (description: string) => Type.Enum(['mt5', 'mt4'] satisfies SetFormat[], { description });

/** A finding's repair, one shape per kind: the engine's FindingFix (@propfolio/ea-settings). */
const FindingFix = Type.Union(
  [
    Type.Object({
      kind: Type.Literal('set_value'),
      name: Type.String({ description: 'MQL input name.' }),
      number: Type.String({ description: 'Group-position number, e.g. 37-5.' }),
      value: Type.String({ description: 'The value as an MT5 .set writes it; with the number as ref, a change for ea_build_set.' }),
    }),
    Type.Object({
      kind: Type.Literal('rename'),
      from: Type.String({ description: 'The name in the file.' }),
      to: Type.String({ description: 'The input name it stands for.' }),
    }),
    Type.Object({ kind: Type.Literal('remove_line'), line: Type.Integer({ minimum: 1, description: '1-based line to delete.' }) }),
    Type.Object({
      kind: Type.Literal('clear_optimization_flag'),
      name: Type.String({ description: 'The input whose optimisation flag to turn off.' }),
    }),
    Type.Object({ kind: Type.Literal('convert_format'), to: Format('The format to write.') }),
    Type.Object({ kind: Type.Literal('reencode'), to: TextEncoding('The encoding to save in.') }),
  ],
  { description: 'The concrete repair, by kind.' },
);

const Finding = Type.Object({
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
  code: Type.String({ description: 'Stable finding code.' }),
  number: Nullable(Type.String()),
  name: Nullable(Type.String()),
  line: Nullable(Type.Integer({ description: '1-based line in the file.' })),
  column: Nullable(Type.Integer()),
  message: Localized,
  fix: Nullable(FindingFix),
});
/** A finding as answered: the engine's Finding (ea.operations.ts checks it against this). */
export type EaFinding = Static<typeof Finding>;
const Summary = Type.Object({ errors: Type.Integer(), warnings: Type.Integer(), infos: Type.Integer() });
const FirmUsed = Nullable(
  Type.Object(
    { planId: Type.String(), program: Type.String(), checkedOn: Type.String(), stale: Type.Boolean() },
    { description: 'The catalog plan whose rules were applied.' },
  ),
);

export const EaDiagnoseSchema = Type.Object({
  format: Format('The format the file is in.'),
  encoding: TextEncoding('The encoding the file is in.'),
  findings: Type.Array(Finding, { description: 'Most severe first; at most 30 unless detail is full (see omittedFindings).' }),
  omittedFindings: Type.Integer({
    description: 'Findings left out of this answer (ask again with detail: "full" for all); summary counts every one.',
  }),
  summary: Summary,
  firmPlan: FirmUsed,
});

const FileOut = {
  fileName: Type.String(),
  encoding: TextEncoding('Encoding of the bytes in contentBase64.'),
  text: Type.String({ description: 'The file as text (for display; save contentBase64 for the exact bytes).' }),
  contentBase64: Type.String({ description: 'The exact file bytes, base64.' }),
};

export const EaBuildSchema = Type.Object({
  fileName: FileOut.fileName,
  encoding: FileOut.encoding,
  text: Type.Optional(
    Type.String({ description: 'The file as text (include text or both): save it in `encoding` (MT5: UTF-16LE with BOM).' }),
  ),
  contentBase64: Type.Optional(Type.String({ description: 'The exact file bytes, base64 (include bytes or both).' })),
  format: Format('The format written.'),
  changes: Type.Array(Type.Object({ number: Type.String(), name: Type.String(), from: Nullable(Type.String()), to: Type.String() }), {
    description: 'Exactly what changed.',
  }),
  findings: Type.Array(Finding),
});

const Recommendation = Type.Object({ number: Type.String(), name: Type.String() }, { description: 'A recommended value with its reason.' });
export const EaPropPresetSchema = Type.Object({
  firm: Type.String(),
  accountSize: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  recommendations: Type.Array(Recommendation),
  switchOff: Type.Array(Recommendation),
  cautions: Type.Array(Type.Object({ code: Type.String(), message: Localized })),
  changes: Type.Array(Type.Object({ ref: Type.String(), value: Type.String() }), {
    description: 'Pass these to ea_build_set (preset "prop-challenge") to get the file.',
  }),
  firmPlan: FirmUsed,
});

export const EaBacktestIniSchema = Type.Object({
  ...FileOut,
  commandLine: Type.String({ description: 'How to start the tester with this file.' }),
  pitfalls: Type.Array(Type.Object({ code: Type.String(), message: Localized })),
});
