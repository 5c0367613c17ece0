import { readFileSync } from 'node:fs';
import { TradeFileError } from '../src/errors.js';

/** A CSV written in a test, as the bytes a reader is given. */
export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The TradeFileError `run` throws; any other outcome fails the test. */
export function refusal(run: () => unknown): TradeFileError {
  try {
    run();
  } catch (e) {
    if (e instanceof TradeFileError) return e;
    throw e;
  }
  throw new Error('expected a TradeFileError');
}

/** How close to a real export each fixture's layout is, from test/fixtures/README.md: the table's first two columns. */
export function fixtureEvidence(): Map<string, { evidence: string; source: string }> {
  const readme = readFileSync(new URL('./fixtures/README.md', import.meta.url), 'utf8');
  const rows = new Map<string, { evidence: string; source: string }>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const fixture = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (fixture !== undefined) rows.set(fixture, { evidence: cells[2] ?? '', source: cells[3] ?? '' });
  }
  return rows;
}

/** The evidence of one fixture's layout, for a spec's name (`API fields only`, `real export`, …). */
export const layoutEvidence = (fixture: string): string => fixtureEvidence().get(fixture)?.evidence ?? 'not listed';
