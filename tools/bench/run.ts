/**
 * `npm run bench [-- suite ...]`: runs the suites in ./suites (all of them when none is named).
 * A suite is a module whose default export is an async function that prints its own comparison table;
 * one that also checks correctness resolves false when a check failed, and the exit code is then 1.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const suitesDir = join(dirname(fileURLToPath(import.meta.url)), 'suites');
const available = readdirSync(suitesDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((r) => !available.includes(r));
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n# bench: ${name}`);
  const suite = (await import(pathToFileURL(join(suitesDir, `${name}.ts`)).href)) as { default: () => Promise<boolean | undefined> };
  if ((await suite.default()) === false) process.exitCode = 1;
}
