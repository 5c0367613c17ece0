/**
 * A challenge's name for a person: "FTMO · 2-Step 100k", or the plan alone when it already names the firm
 * ("FTMO Challenge 2-Step 100k", not "FTMO · FTMO Challenge 2-Step 100k"). Catalog plan names start with
 * the firm, and a trader often types it into the plan too.
 */
export function challengeName({ firm, plan }: { firm: string; plan: string }): string {
  const f = firm.trim();
  const p = plan.trim();
  const normalise = (s: string) => s.normalize('NFKC').toLocaleLowerCase();
  return f === '' || normalise(p).startsWith(normalise(f)) ? p : `${f} · ${p}`;
}
