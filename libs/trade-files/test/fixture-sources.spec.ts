// Every fixture names where its layout comes from (test/fixtures/README.md): a reader built from API field names only
// is said to be so wherever its tests are read, not just in its source comment.
import { readdirSync } from 'node:fs';
import { fixtureEvidence } from './spec-helpers.js';

const EVIDENCE = ['real export', "importers' fixtures", 'API fields only', 'not recorded'];
const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((platform) => readdirSync(new URL(`${platform.name}/`, dir)).map((file) => `${platform.name}/${file}`))
  .sort();
const listed = fixtureEvidence();

describe('the fixtures’ layout sources', () => {
  it('lists every fixture file, and only those', () => {
    expect([...listed.keys()].sort()).toEqual(files);
  });

  it.each(files.map((file) => [file, listed.get(file)?.evidence ?? 'not listed'] as const))(
    '%s: layout from %s, its source and the day it was read named',
    (file, evidence) => {
      expect(EVIDENCE).toContain(evidence);
      // A source names where (an address, a repository or a code search) and when (the day it was read).
      expect(listed.get(file)?.source).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(listed.get(file)?.source).toMatch(/\.com|github|code search|commit/);
    },
  );
});
