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

/** One of a person's accounts as an alert names it, with what can tell it from another that reads the same. */
export interface NamedAccount {
  readonly id: string;
  readonly challengeId: string | null;
  readonly firm: string;
  readonly plan: string;
  /** Its name, else login@server. */
  readonly label: string;
  readonly login: string;
  /** The challenge's purchase date (YYYY-MM-DD); null when not known. */
  readonly purchasedOn: string | null;
}

const titleKey = (a: NamedAccount) => alertLabel([a.firm, a.plan, a.label]).normalize('NFKC').toLocaleLowerCase();

/**
 * The account's label, with what tells it apart when another of the person's accounts would be named the same
 * (two accounts both called "FTMO 100k", or two attempts at one plan): the challenge's purchase date when the
 * twin is another attempt bought another day, the login when that still leaves a twin. Short: nothing is added
 * to a label no other account shares.
 */
export function toldApartLabel(account: NamedAccount, all: readonly NamedAccount[]): string {
  const key = titleKey(account);
  let twins = all.filter((other) => other.id !== account.id && titleKey(other) === key);
  if (twins.length === 0) return account.label;
  const parts = [account.label];
  if (account.purchasedOn !== null && twins.some((t) => t.challengeId !== account.challengeId && t.purchasedOn !== account.purchasedOn)) {
    parts.push(account.purchasedOn);
    twins = twins.filter((t) => t.purchasedOn === account.purchasedOn);
  }
  // A label that is login@server already names the login.
  if (twins.length > 0 && !account.label.startsWith(`${account.login}@`)) parts.push(account.login);
  return parts.join(' · ');
}
