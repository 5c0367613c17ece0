/**
 * Whose word each rule is. A rule's `source` may say its `kind` (`firm` | `third_party`); where a file leaves
 * it out, the import fills it in from the page's address: `firm` on the firm's own domain (its website's, or
 * any subdomain: help.topstep.com for topstep.com), else `third_party`. Stored rules always carry the kind, so
 * every answer that lists a rule can say whether the firm itself states it.
 */
import type { SourceKind } from '../schemas/rules.js';

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The firm's own domain, from its website (`https://www.fintokei.com/jp/` → `fintokei.com`); null without one. */
export function firmDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** `firm` when `url` is on `domain` or one of its subdomains, else `third_party`. */
export function kindOfUrl(url: string, domain: string | null): SourceKind {
  if (domain === null) return 'third_party';
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'third_party';
  }
  return host === domain || host.endsWith(`.${domain}`) ? 'firm' : 'third_party';
}

/** A `{ url, readOn, kind? }` with its kind filled in; anything else as it is. */
function withKind(source: unknown, domain: string | null): unknown {
  if (!isSection(source) || typeof source['url'] !== 'string') return source;
  return { ...source, kind: source['kind'] ?? kindOfUrl(source['url'], domain) };
}

/** A rule section (or a `sources` entry) with its own source and its disputes' sources given a kind. */
function sectionWithKinds(section: unknown, domain: string | null): unknown {
  if (!isSection(section)) return section;
  const out: Section = { ...section };
  if ('source' in out) out['source'] = withKind(out['source'], domain);
  const disputed = out['disputed'];
  // A whole rule in dispute lists claims whose `source` is a URL string: those stay as written.
  if (Array.isArray(disputed))
    out['disputed'] = disputed.map((claim: unknown) =>
      isSection(claim) ? { ...claim, source: withKind(claim['source'], domain) } : claim,
    );
  return out;
}

/** Every source of a rule set (its sections', `sources`' and variants') with its kind filled in. */
export function rulesWithSourceKinds(rules: Section, domain: string | null): Section {
  const out: Section = {};
  for (const [key, value] of Object.entries(rules)) {
    if (key === 'sources' && isSection(value)) {
      // A `sources` entry is itself a source (with its own disputes beside it).
      out[key] = Object.fromEntries(
        Object.entries(value).map(([field, entry]) => [field, sectionWithKinds(withKind(entry, domain), domain)]),
      );
    } else if (key === 'variants' && Array.isArray(value)) {
      out[key] = value.map((variant: unknown) =>
        isSection(variant)
          ? {
              ...variant,
              source: withKind(variant['source'], domain),
              rules: isSection(variant['rules']) ? rulesWithSourceKinds(variant['rules'], domain) : variant['rules'],
            }
          : variant,
      );
    } else out[key] = sectionWithKinds(value, domain);
  }
  return out;
}
