/**
 * What an alert is about, as firm · plan · account, each part without the words an earlier part already said:
 * a plan "FTMO 2-Step 100k" of firm "FTMO" reads "2-Step 100k", an account named "FTMO 100k P1" reads "100k P1"
 * ("FTMO FTMO 100k P1" before). A part left empty, or equal to an earlier one, is dropped.
 */
export function alertLabel(parts: readonly (string | null | undefined)[]): string {
  const kept: string[] = [];
  for (const raw of parts) {
    let part = (raw ?? '').trim();
    // Strip every earlier part said again at the start (longest first, so "FTMO 2-Step" goes before "FTMO").
    for (let changed = true; changed;) {
      changed = false;
      for (const earlier of [...kept].sort((a, b) => b.length - a.length)) {
        const head = part.slice(0, earlier.length);
        const rest = part.slice(earlier.length);
        if (head.toLowerCase() === earlier.toLowerCase() && (rest === '' || /^[\s·:|/-]/.test(rest))) {
          part = rest.replace(/^[\s·:|/-]+/, '');
          changed = true;
        }
      }
    }
    if (part !== '' && !kept.some((k) => k.toLowerCase() === part.toLowerCase())) kept.push(part);
  }
  return kept.join(' · ');
}
