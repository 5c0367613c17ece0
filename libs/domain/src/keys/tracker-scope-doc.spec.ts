import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Operation } from '@propfolio/core';
import { createDomainServices } from '../services.js';
import { privateOperations } from '../operations.js';

const API_DOC = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'api.md');
const BLOCK = /(<!-- generated:tracker-scope -->)[\s\S]*?(<!-- \/generated:tracker-scope -->)/;

/** The table of what a `tracker` key may run, laid out as Prettier lays out a Markdown table. */
function trackerScopeTable(operations: Operation[]): string {
  const rows = operations
    .filter((op) => op.tracker === true)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((op) => [`\`${op.name}\``, `\`${op.rest.method} ${op.rest.path}\``, op.mcp === false ? 'REST only' : 'REST and MCP', op.title]);
  const header = ['operation', 'route', 'served on', 'does'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return ['', '', line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line), '', ''].join('\n');
}

// docs/api.md's list of what a tracker key may do is written from the registry, never by hand (it once named two
// operations while the server allowed six). After a change of an operation's `tracker` flag:
// UPDATE_DOCS=1 rewrites the table.
describe('docs/api.md, the tracker scope', () => {
  it('lists exactly the operations a tracker key may run', () => {
    const table = trackerScopeTable(privateOperations(createDomainServices({} as never)));
    const text = readFileSync(API_DOC, 'utf8');
    expect(BLOCK.test(text)).toBe(true);
    const generated = text.replace(BLOCK, (_all, open: string, close: string) => `${open}${table}${close}`);
    if (process.env.UPDATE_DOCS === '1' && generated !== text) writeFileSync(API_DOC, generated);
    expect(process.env.UPDATE_DOCS === '1' ? generated : text).toBe(generated);
  });
});
