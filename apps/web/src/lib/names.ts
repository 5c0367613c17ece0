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

/**
 * A challenge's name in a list of them (dropdowns): its name, and when another of the list has the same one (two
 * attempts at one plan), its purchase date too, so each option says which attempt it is.
 */
export function challengeLabel<C extends { id: string; firm: string; plan: string; purchasedAt: string }>(
  challenge: C,
  all: readonly C[],
): string {
  const name = challengeName(challenge);
  const twin = all.some((other) => other.id !== challenge.id && challengeName(other) === name);
  return twin ? `${name} · ${challenge.purchasedAt}` : name;
}

/**
 * An account's name in a list of them (dropdowns): its name (else its login), and when another of the list has the
 * same name (two accounts both called "FTMO 100k"), its login too, so each option says which account it is.
 */
export function accountLabel<A extends { id: string; name?: string | null; login: string }>(account: A, all: readonly A[]): string {
  const nameOf = (a: A) => (a.name ?? a.login).trim();
  const name = nameOf(account);
  const twin = all.some((other) => other.id !== account.id && nameOf(other).toLocaleLowerCase() === name.toLocaleLowerCase());
  return twin && name !== account.login ? `${name} · ${account.login}` : name;
}
