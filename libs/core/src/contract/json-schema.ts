// Projects that import core from source do not include its src/*.d.ts: the reference carries the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./class-transformer-storage.d.ts" />
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { fieldDoc } from './field-docs.js';
import { IS_ISO_DATE, IS_ISO_INSTANT, IS_SCALAR, MATCHES_SCHEMA } from './validators.js';
import type { Constructor } from './parse-input.js';

export type JsonSchema = { [key: string]: unknown };

type Mapper = (meta: ValidationMetadata, schema: JsonSchema) => void;

// class-validator types constraints as any[], but a decorator without arguments leaves them undefined.
const constraint = (meta: ValidationMetadata, index = 0): unknown => (meta.constraints as unknown[] | undefined)?.[index];

/**
 * What each class-validator decorator says in JSON Schema. Only the decorators our contracts use are
 * mapped; an unmapped one fails loudly (see contractSchema) instead of silently widening a schema.
 */
const MAPPERS: Record<string, Mapper> = {
  isString: (_, s) => void (s.type = 'string'),
  isBoolean: (_, s) => void (s.type = 'boolean'),
  isInt: (_, s) => void (s.type = 'integer'),
  isNumber: (_, s) => void (s.type ??= 'number'),
  isPositive: (_, s) => void (s.exclusiveMinimum = 0),
  min: (m, s) => void (s.minimum = constraint(m)),
  max: (m, s) => void (s.maximum = constraint(m)),
  minLength: (m, s) => void (s.minLength = constraint(m)),
  maxLength: (m, s) => void (s.maxLength = constraint(m)),
  length: (m, s) => {
    s.minLength = constraint(m, 0);
    if (constraint(m, 1) !== undefined) s.maxLength = constraint(m, 1);
  },
  isNotEmpty: (_, s) => void (s.minLength ??= 1),
  isIn: (m, s) => void (s.enum = constraint(m)),
  isEnum: (m, s) => void (s.enum = Object.values(constraint(m) as object)),
  matches: (m, s) => void (s.pattern = (constraint(m) as RegExp).source),
  isUUID: (_, s) => void (s.format = 'uuid'),
  isISO4217CurrencyCode: (_, s) => {
    s.type = 'string';
    s.pattern = '^[A-Za-z]{3}$';
  },
  [IS_ISO_DATE]: (_, s) => {
    s.type = 'string';
    s.format = 'date';
    s.pattern = '^\\d{4}-\\d{2}-\\d{2}$';
  },
  [IS_ISO_INSTANT]: (_, s) => {
    s.type = 'string';
    s.format = 'date-time';
  },
  // A plain copy: typebox schemas carry their kind on symbol keys, which JSON drops anyway.
  [MATCHES_SCHEMA]: (m, s) => void Object.assign(s, JSON.parse(JSON.stringify(constraint(m))) as JsonSchema),
  [IS_SCALAR]: (_, s) => void (s.type = ['string', 'number', 'boolean']),
  isArray: (_, s) => void (s.type = 'array'),
  arrayMaxSize: (m, s) => void (s.maxItems = constraint(m)),
  arrayMinSize: (m, s) => void (s.minItems = constraint(m)),
  isObject: (_, s) => void (s.type = 'object'),
};

/** Validators that carry no schema meaning of their own. */
const NEUTRAL = new Set<string>([ValidationTypes.WHITELIST, ValidationTypes.NESTED_VALIDATION]);

function nestedType(contract: Constructor<object>, property: string): Constructor<object> | undefined {
  const meta = defaultMetadataStorage.findTypeMetadata(contract, property) as { typeFunction: () => Constructor<object> } | undefined;
  return meta?.typeFunction();
}

/**
 * JSON Schema (2020-12 subset) of a class-validator contract: the same metadata that validates the
 * input documents it, for OpenAPI and for MCP `inputSchema`.
 */
export function contractSchema(contract: Constructor<object>): JsonSchema {
  const metas = getMetadataStorage().getTargetValidationMetadatas(contract, '', false, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of metas) {
    const list = byProperty.get(meta.propertyName) ?? [];
    list.push(meta);
    byProperty.set(meta.propertyName, list);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [property, list] of byProperty) {
    const field: JsonSchema = {};
    const items: JsonSchema = {};
    let optional = false;
    for (const meta of list) {
      if (meta.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        optional = true;
        continue;
      }
      if (NEUTRAL.has(meta.type)) continue;
      const name = meta.name ?? meta.type;
      const mapper = MAPPERS[name];
      if (!mapper) throw new Error(`contractSchema: no JSON Schema mapping for @${name} on ${contract.name}.${property}`);
      mapper(meta, meta.each ? items : field);
    }
    const nestedMeta = list.find((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    const nested = nestedMeta ? nestedType(contract, property) : undefined;
    if (nested) {
      const isList = nestedMeta?.each === true || field.type === 'array';
      Object.assign(isList ? items : field, contractSchema(nested));
    }
    if (field.type === 'array' || Object.keys(items).length > 0) {
      field.type = 'array';
      field.items = items;
    }
    const doc = fieldDoc(contract, property);
    if (doc) {
      field.description = doc.description;
      if (doc.example !== undefined) field.examples = [doc.example];
      if (doc.default !== undefined) field.default = doc.default;
      if (doc.deprecated) field.deprecated = true;
    }
    properties[property] = field;
    if (!optional) required.push(property);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
