/** Minimal argv parsing: positionals, `--key value`, `--key=value`, repeatable `--set`, boolean `--json`. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string[]>;
}

const BOOLEAN_FLAGS = new Set(['json', 'help', 'portable', 'visual', 'shutdown', 'replace-report']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string[]>();
  const add = (k: string, v: string): void => {
    options.set(k, [...(options.get(k) ?? []), v]);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = arg.slice(2, eq < 0 ? undefined : eq);
    if (eq >= 0) add(key, arg.slice(eq + 1));
    else if (BOOLEAN_FLAGS.has(key)) add(key, 'true');
    else {
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`--${key} needs a value`);
      add(key, next);
      i++;
    }
  }
  return { positionals, options };
}

export class UsageError extends Error {}

export const option = (a: ParsedArgs, key: string): string | undefined => a.options.get(key)?.at(-1);
export const flag = (a: ParsedArgs, key: string): boolean => option(a, key) === 'true';
