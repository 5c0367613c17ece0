// Contracts use class-transformer's @Type, which reads decorator metadata through this polyfill.
import 'reflect-metadata';
import type { Constructor } from './parse-input.js';

/**
 * Human documentation for a contract field (description, example, default), kept beside its
 * validation decorators and read by the JSON Schema derivation for OpenAPI and the MCP tool schemas.
 */
export interface FieldDoc {
  description: string;
  example?: unknown;
  default?: unknown;
  /** Still accepted, but on its way out (JSON Schema `deprecated`). */
  deprecated?: boolean;
}

const docs = new WeakMap<object, Map<string, FieldDoc>>();

export function Doc(doc: FieldDoc | string): PropertyDecorator {
  return (target, property) => {
    const ctor = target.constructor;
    const fields = docs.get(ctor) ?? new Map<string, FieldDoc>();
    fields.set(String(property), typeof doc === 'string' ? { description: doc } : doc);
    docs.set(ctor, fields);
  };
}

/** Documentation of `property` on `ctor` or the nearest base class that documents it. */
export function fieldDoc(ctor: Constructor<object>, property: string): FieldDoc | undefined {
  for (let current: unknown = ctor; typeof current === 'function' && current !== Function.prototype;) {
    const doc = docs.get(current)?.get(property);
    if (doc) return doc;
    current = Object.getPrototypeOf(current);
  }
  return undefined;
}
