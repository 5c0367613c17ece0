import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of the build as Vite's manifest (`build.manifest`) records it. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a visit loads: the first page of a visit (the shell) and each part loaded on demand, by its source file. */
export interface PageLoad {
  label: string;
  /** Paths under the build (`index.html`, `assets/…`), each counted once. */
  files: string[];
}

/** Names for the parts loaded on demand; a part not named here is shown by its source path. */
const LABELS: Record<string, string> = {
  'src/components/SpendChart.tsx': 'Overview, with its spend chart',
  'src/components/coach/ChallengeCoach.tsx': 'a challenge, with its coach',
  'src/pages/Pnl.tsx': 'P&L',
  'src/pages/Trades.tsx': 'Trades',
  'src/pages/TradeDetail.tsx': 'a trade, with its screenshots',
  'src/pages/PlanFit.tsx': 'Plan fit, with its chart',
  'src/pages/Analytics.tsx': 'Analytics, with its charts',
  'src/pages/Admin.tsx': 'Admin',
  'src/pages/EaAssistant.tsx': 'EA settings assistant',
};

/** The files of `key`'s chunk and every chunk it imports (also those it loads on demand with `dynamic`), with their CSS. */
function closure(manifest: Manifest, key: string, dynamic: boolean, into = new Set<string>(), seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])])
    closure(manifest, next, dynamic, into, seen);
  return into;
}

/**
 * The files each kind of visit transfers, from the build's manifest: the shell (the page, the entry script, its
 * imports and CSS: every first visit, whatever the page) and, for each part the app loads on demand (a lazy page,
 * the coach, a chart), the shell plus everything that part can load.
 */
export function pageLoads(distDir: string): PageLoad[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error('the build manifest names no entry');
  const shell = closure(manifest, entry, false);
  shell.add('index.html');
  const loads: PageLoad[] = [{ label: 'first visit, any page (sign-in, Overview, challenges…)', files: [...shell].sort() }];
  for (const part of manifest[entry]?.dynamicImports ?? []) {
    // a lazy page imports the entry back (it is in the shell already), never its other lazy pages
    const files = closure(manifest, part, true, new Set(shell), new Set([entry]));
    loads.push({ label: LABELS[part] ?? part, files: [...files].sort() });
  }
  return loads;
}

/** Bytes of one load as sent with each encoding. */
export interface PageWeight {
  label: string;
  br: number;
  gzip: number;
  raw: number;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** The Markdown table docs/dashboard.md carries between `<!-- generated:page-weight -->` markers, laid out as Prettier does. */
export function renderPageWeights(weights: PageWeight[]): string {
  const header = ['visit', 'Brotli kB', 'gzip kB', 'uncompressed kB'];
  const rows = weights.map((w) => [w.label, kB(w.br), kB(w.gzip), kB(w.raw)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return ['', '', line(header), rule, ...rows.map(line), '', ''].join('\n');
}

/** The table's figures as docs/dashboard.md states them (label → [Brotli, gzip, raw] kB). */
export function readPageWeights(markdown: string): Map<string, number[]> {
  const block = /<!-- generated:page-weight -->([\s\S]*?)<!-- \/generated:page-weight -->/.exec(markdown)?.[1] ?? '';
  const table = new Map<string, number[]>();
  for (const line of block.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const numbers = cells.slice(1).map(Number);
    if (cells.length === 4 && numbers.every((n) => Number.isFinite(n))) table.set(cells[0] ?? '', numbers);
  }
  return table;
}

/** `markdown` with its page-weight block replaced. */
export function writePageWeights(markdown: string, weights: PageWeight[]): string {
  return markdown.replace(
    /(<!-- generated:page-weight -->)[\s\S]*?(<!-- \/generated:page-weight -->)/,
    (_all, open: string, close: string) => `${open}${renderPageWeights(weights)}${close}`,
  );
}
