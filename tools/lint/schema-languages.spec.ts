import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * One schema language per job (docs/architecture.md, "Schema languages"): class-validator for inputs, typebox for
 * outputs, and zod only where the MCP SDK's own API takes nothing else: the schema a request handler is registered
 * with, and the prompts. A tool's parameters and a resource's reference come from the operations' contracts.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const ZOD_WHERE_THE_SDK_TAKES_IT = ['apps/mcp-server/src/prompts.ts', 'apps/mcp-server/src/sdk/request-schema.ts'];
const IMPORTS_ZOD = /(?:from|import)\s*\(?\s*['"]zod(?:\/[^'"]*)?['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'generated'].includes(entry.name) ? [] : sources(path);
    return /\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('schema languages', () => {
  it('imports zod only where the MCP SDK demands it', () => {
    const importing = ['apps', 'libs', 'tools']
      .flatMap((top) => sources(join(ROOT, top)))
      .filter((file) => IMPORTS_ZOD.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.endsWith('.spec.ts') && file !== 'tools/lint/schema-languages.spec.ts');
    expect(importing.sort()).toEqual(ZOD_WHERE_THE_SDK_TAKES_IT);
  });

  it('sees a zod import the way the check above relies on', () => {
    expect(IMPORTS_ZOD.test("import { z } from 'zod';")).toBe(true);
    expect(IMPORTS_ZOD.test("import * as z from 'zod/v4';")).toBe(true);
    expect(IMPORTS_ZOD.test("import { zodish } from './zod-free.js';")).toBe(false);
  });
});
