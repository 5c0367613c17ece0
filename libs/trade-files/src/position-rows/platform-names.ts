/**
 * The platform a journal's account names say the trades came from (`Tradovate TPT 50K` → `tradovate`): the one
 * platform every non-empty name mentions, else null (no name, names of several platforms, or of none).
 */
const PLATFORM_WORDS: readonly [string, RegExp][] = [
  ['tradovate', /\btradovate\b/i],
  ['ninjatrader', /\bninja\s*trader\b/i],
  ['topstepx', /\b(topstep\s*x|project\s*x)\b/i],
  ['rithmic', /\brithmic\b/i],
  ['ctrader', /\bc\s*trader\b/i],
  ['dxtrade', /\bdx\s*trade\b/i],
  ['matchtrader', /\bmatch[\s-]*trader\b/i],
  ['tradelocker', /\btrade\s*locker\b/i],
  ['mt5', /\b(mt5|meta\s*trader\s*5)\b/i],
  ['mt4', /\b(mt4|meta\s*trader\s*4)\b/i],
];

export function platformNamedBy(names: readonly string[]): string | null {
  const named = new Set<string>();
  for (const name of names) {
    if (name.trim() === '') continue;
    const found = PLATFORM_WORDS.filter(([, pattern]) => pattern.test(name)).map(([platform]) => platform);
    if (found.length !== 1) return null;
    named.add(found[0] as string);
  }
  return named.size === 1 ? ([...named][0] as string) : null;
}
