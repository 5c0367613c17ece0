/**
 * The Node lines the project supports, as the root package.json's `engines.node` says (a test keeps the two
 * equal: the bundles carry this copy, since a deployed app has no workspace to read it from).
 */
export const SUPPORTED_NODE_ENGINES = '^22.13.0 || ^24.0.0 || >=26.0.0';

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One comparator of an engines range: `^x.y.z` (same major, at least x.y.z) or `>=x.y.z`. */
function satisfiesOne(version: Version, clause: string): boolean {
  const caret = /^\^(.+)$/.exec(clause);
  if (caret) {
    const floor = parseVersion(caret[1] ?? '');
    return floor !== null && version[0] === floor[0] && compare(version, floor) >= 0;
  }
  const atLeast = /^>=\s*(.+)$/.exec(clause);
  if (atLeast) {
    const floor = parseVersion(atLeast[1] ?? '');
    return floor !== null && compare(version, floor) >= 0;
  }
  throw new Error(`node-support: engines clause "${clause}" is neither ^x.y.z nor >=x.y.z`);
}

/** Whether `version` (e.g. `v20.20.2`) lies in `engines` (clauses of ^x.y.z or >=x.y.z joined by `||`). */
export function nodeSatisfies(version: string, engines: string): boolean {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return engines
    .split('||')
    .map((clause) => clause.trim())
    .some((clause) => satisfiesOne(parsed, clause));
}

/** The supported lines in words: `^22.13.0 || ^24.0.0 || >=26.0.0` → `22.13+, 24 or 26+`. */
export function supportedLinesInWords(engines: string): string {
  const words = engines.split('||').map((raw) => {
    const clause = raw.trim();
    const version = parseVersion(clause.replace(/^(\^|>=)\s*/, ''));
    if (!version) return clause;
    const [major, minor, patch] = version;
    const exact = `${major}${minor || patch ? `.${minor}` : ''}${patch ? `.${patch}` : ''}`;
    return clause.startsWith('>=') || minor || patch ? `${exact}+` : exact;
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}` : (words[0] ?? engines);
}

/** The one warning line for a Node outside `engines`, or null on a supported one. */
export function unsupportedNodeWarning(version: string, engines = SUPPORTED_NODE_ENGINES): string | null {
  if (nodeSatisfies(version, engines)) return null;
  return `Warning: Node ${version} is not supported by Propfolio; use Node ${supportedLinesInWords(engines)} (package.json engines "${engines}").`;
}

let warned = false;

/** Prints the warning once per process (a process that runs several apps still prints one line). */
export function warnIfUnsupportedNode(
  version = process.version,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): void {
  if (warned) return;
  const line = unsupportedNodeWarning(version);
  if (line === null) return;
  warned = true;
  write(line);
}
