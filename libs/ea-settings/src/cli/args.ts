import { parseArgs as parseNodeArgs, type ParseArgsConfig } from 'node:util';

/** The CLI's arguments: positionals, and every option as the list of values given (`--set` repeats). */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string[]>;
}

const BOOLEAN_FLAGS = ['json', 'help', 'portable', 'visual', 'shutdown', 'replace-report', 'all', 'full'] as const;
const STRING_OPTIONS = [
  'firm',
  'format',
  'purpose',
  'preset',
  'base',
  'set',
  'out',
  'group',
  'limit',
  'symbol',
  'period',
  'from',
  'to',
  'expert',
  'model',
  'deposit',
  'currency',
  'leverage',
  'report',
  'set-file',
  'platform',
  'config-path',
  'optimization',
] as const;

const OPTIONS = Object.fromEntries<NonNullable<ParseArgsConfig['options']>[string]>([
  ...BOOLEAN_FLAGS.map((name) => [name, { type: 'boolean' }] as const),
  ...STRING_OPTIONS.map((name) => [name, { type: 'string', multiple: true }] as const),
]);

export class UsageError extends Error {}

/** `node:util` parseArgs in strict mode: an unknown option or a missing value is a usage error (exit 2). */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  try {
    const { values, positionals } = parseNodeArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    const options = new Map<string, string[]>();
    for (const [key, value] of Object.entries(values)) {
      if (value === true) options.set(key, ['true']);
      else if (Array.isArray(value)) options.set(key, value.map(String));
    }
    return { positionals, options };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export const option = (a: ParsedArgs, key: string): string | undefined => a.options.get(key)?.at(-1);
export const flag = (a: ParsedArgs, key: string): boolean => option(a, key) === 'true';
