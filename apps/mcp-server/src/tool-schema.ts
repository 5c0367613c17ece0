/**
 * The JSON Schemas of tools/list, made compact for agents: every session of every agent downloads and parses
 * the list, so a schema says each thing once. The REST OpenAPI keeps the full documented schemas; these are the
 * same constraints (a value valid for one is valid for the other, as far as the depth kept here goes).
 */

export type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is a map of name → schema (not a schema itself). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties']);
/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties', 'prefixItems']);
/** What only a reader uses: dropped from output schemas (the tool description and the REST OpenAPI say it). */
const READER_KEYWORDS = new Set(['description', 'examples', 'title', 'default', 'deprecated']);
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Applies `rewrite` bottom-up to every subschema, keeping maps of names and plain values as they are. */
function mapSchema(schema: JsonSchema, rewrite: (schema: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? mapSchema(sub, rewrite) : sub]));
    } else if (SCHEMA_VALUES.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub: unknown) => (isSchema(sub) ? mapSchema(sub, rewrite) : sub));
    } else if (SCHEMA_VALUES.has(key) && isSchema(value)) {
      out[key] = mapSchema(value, rewrite);
    } else {
      out[key] = value;
    }
  }
  return rewrite(out);
}

/**
 * `anyOf: [X, {type: 'null'}]`, typebox's nullable, as one schema: `type: [T, 'null']` or an enum with null.
 * Same meaning, a third of the bytes; X's own description moves up to where a reader looks for it.
 */
function collapseNullable(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const [value, nullSchema] = anyOf as unknown[];
  if (!isSchema(value) || !isSchema(nullSchema) || Object.keys(nullSchema).length !== 1 || nullSchema.type !== 'null') return schema;
  const clash = Object.keys(rest).some((key) => key in value && !READER_KEYWORDS.has(key));
  if (clash || 'anyOf' in value) return schema;
  if ('const' in value) {
    const { const: only, type: _type, ...described } = value;
    return { ...described, ...rest, enum: [only, null] };
  }
  if (typeof value.type === 'string' && !('enum' in value)) return { ...value, ...rest, type: [value.type, 'null'] };
  if (Array.isArray(value.enum) && !('type' in value)) return { ...value, ...rest, enum: [...(value.enum as unknown[]), null] };
  return schema;
}

/**
 * `const` alone admits one value, so a `type` beside it says nothing more; and in a choice between a constant,
 * an object and null (a rule that is `"none"`, given, or left as it is), the constant and null are one enum.
 */
function bareConstant(schema: JsonSchema): JsonSchema {
  let out = schema;
  if ('const' in out && typeof out.type === 'string' && out.type === typeof out.const) {
    const { type: _type, ...rest } = out;
    out = rest;
  }
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length < 3) return out;
  const nullAt = branches.findIndex((branch) => isSchema(branch) && Object.keys(branch).length === 1 && branch.type === 'null');
  const constAt = branches.findIndex((branch) => isSchema(branch) && Object.keys(branch).length === 1 && 'const' in branch);
  if (nullAt < 0 || constAt < 0) return out;
  const constant = (branches[constAt] as JsonSchema).const;
  const kept = (branches as unknown[]).filter((_, index) => index !== nullAt && index !== constAt);
  return { ...out, anyOf: [{ enum: [constant, null] }, ...kept] };
}

/** A date's `format: date` already says YYYY-MM-DD: the contract's pattern beside it repeats it. */
function dropDatePattern(schema: JsonSchema): JsonSchema {
  if (schema.format !== 'date' || schema.pattern !== DATE_PATTERN) return schema;
  const { pattern: _pattern, ...rest } = schema;
  return rest;
}

function withoutReaderKeywords(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !READER_KEYWORDS.has(key)));
}

const SHARE_MIN_BYTES = 48;

/** Every subschema of `schema` (not the root), with the JSON text it is compared by. */
function subschemas(schema: JsonSchema, visit: (text: string) => void): void {
  for (const [key, value] of Object.entries(schema)) {
    const children = SCHEMA_MAPS.has(key) && isSchema(value) ? Object.values(value) : SCHEMA_VALUES.has(key) ? [value].flat() : [];
    for (const child of children) {
      if (!isSchema(child)) continue;
      visit(JSON.stringify(child));
      subschemas(child, visit);
    }
  }
}

/**
 * Repeated subschemas written once under `$defs` and referred to by `$ref` (the rule schema, a provenance
 * entry, a money amount): the largest saving first, until no repetition is worth a reference.
 */
function shareRepeated(root: JsonSchema): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  let current = root;
  for (;;) {
    const counts = new Map<string, number>();
    subschemas({ $defs: defs, root: current, properties: { root: current } }, (text) => counts.set(text, (counts.get(text) ?? 0) + 1));
    let best: string | undefined;
    let bestSaving = 0;
    for (const [text, count] of counts) {
      const reference = `{"$ref":"#/$defs/s${String(Object.keys(defs).length)}"}`.length;
      const saving = (count - 1) * text.length - count * reference - 8;
      if (count > 1 && text.length >= SHARE_MIN_BYTES && saving > bestSaving) {
        best = text;
        bestSaving = saving;
      }
    }
    if (best === undefined) break;
    const name = `s${String(Object.keys(defs).length)}`;
    const target = best;
    const ref = { $ref: `#/$defs/${name}` };
    const replace = (schema: JsonSchema): JsonSchema => (JSON.stringify(schema) === target ? ref : schema);
    for (const [key, value] of Object.entries(defs)) defs[key] = mapSchema(value, replace);
    current = mapSchema(current, replace);
    defs[name] = JSON.parse(target) as JsonSchema;
  }
  return Object.keys(defs).length > 0 ? { ...current, $defs: defs } : current;
}

/** The JSON types a schema admits, for a subschema cut off below the kept depth. */
function typesOf(schema: JsonSchema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const of = isSchema(branch) ? typesOf(branch) : undefined;
    if (!of) return undefined;
    for (const type of of) types.add(type);
  }
  return [...types];
}

/** Objects and arrays below `depth` levels of nesting become their bare type: still true of every answer. */
function cutBelow(schema: JsonSchema, depth: number): JsonSchema {
  const nested = 'properties' in schema || 'items' in schema || 'anyOf' in schema || 'oneOf' in schema;
  if (depth <= 0 && nested) {
    const types = typesOf(schema);
    return types ? { type: types.length === 1 ? types[0] : types } : {};
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? cutBelow(sub, depth - 1) : sub]));
    } else if (key === 'items' && isSchema(value)) {
      out[key] = cutBelow(value, depth - 1);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map((sub: unknown) => (isSchema(sub) ? cutBelow(sub, depth) : sub));
    } else {
      out[key] = value;
    }
  }
  return out;
}

const SELF_EXPLAINED_TYPES = new Set(['number', 'integer', 'boolean']);

/**
 * An example shows what a value looks like; a number, a date or a code with a pattern already says so (`540`
 * beside `type: number` tells an agent nothing). Free text and ids keep theirs.
 */
function dropSelfEvidentExample(schema: JsonSchema): JsonSchema {
  const { examples: _examples, ...rest } = schema;
  const itemType = isSchema(schema.items) ? schema.items.type : undefined;
  const selfEvident =
    'format' in schema ||
    'pattern' in schema ||
    'enum' in schema ||
    (typeof schema.type === 'string' && SELF_EXPLAINED_TYPES.has(schema.type)) ||
    // a list of numbers ([0.8, -0.4, 1.2]) looks like what `items` already says
    (schema.type === 'array' && typeof itemType === 'string' && SELF_EXPLAINED_TYPES.has(itemType));
  return 'examples' in schema && selfEvident ? rest : schema;
}

/** An input schema: every constraint and every word for the agent, each written once. */
export function compactInputSchema(schema: JsonSchema): JsonSchema {
  const compact = (sub: JsonSchema) => dropSelfEvidentExample(dropDatePattern(bareConstant(collapseNullable(sub))));
  return shareRepeated(mapSchema(schema, compact));
}

/** Depth of nesting an output schema needs in full. */
function depthOf(schema: JsonSchema): number {
  let deepest = 0;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isSchema(value)) {
      for (const sub of Object.values(value)) if (isSchema(sub)) deepest = Math.max(deepest, 1 + depthOf(sub));
    } else if (key === 'items' && isSchema(value)) {
      deepest = Math.max(deepest, 1 + depthOf(value));
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      for (const sub of value) if (isSchema(sub)) deepest = Math.max(deepest, depthOf(sub));
    }
  }
  return deepest;
}

/**
 * An output schema as a validator uses it: the structure (names, types, required fields, enums, formats), no
 * prose, repeated parts shared, and cut at the deepest level that keeps it within `maxBytes` (never above the
 * answer's own fields). Every answer the full schema admits, this one admits too.
 */
export function compactOutputSchema(schema: JsonSchema, maxBytes: number): JsonSchema {
  const bare = mapSchema(schema, (sub) => dropDatePattern(bareConstant(collapseNullable(withoutReaderKeywords(sub)))));
  let kept = shareRepeated(bare);
  for (let depth = depthOf(bare) - 1; depth >= 0 && JSON.stringify(kept).length > maxBytes; depth--) {
    kept = shareRepeated(cutBelow(bare, depth));
  }
  return kept;
}
