/**
 * Exchange rates for the base-currency analytics and the tax-year report:
 *   npm run fx -- import rates.csv [--user <name>]   imports `date,base,quote,rate` lines for that user
 *                                                   (default: the local owner created by the first start)
 * All or nothing: a bad line rejects the file (each bad line is named). A rate already stored for the same
 * day and pair is replaced. Exit codes: 0 done, 1 failed (bad file, unknown user), 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FxRepository, FxService } from '@propfolio/domain';
import { LOCAL_OWNER } from '@propfolio/domain/keys';
import { runCli, withCliDatabase } from './cli-kit.js';

const USAGE = `Usage: npm run fx -- import <rates.csv> [--user <name>]   (default user: ${LOCAL_OWNER})`;

async function main(): Promise<number> {
  let file: string | undefined;
  let user: string | undefined;
  try {
    const parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { user: { type: 'string' } } });
    const [command, path, ...rest] = parsed.positionals;
    if (command !== 'import' || !path || rest.length > 0 || parsed.values.user?.trim() === '')
      throw new Error('Expected: import <file> [--user <name>].');
    file = path;
    user = parsed.values.user?.trim() ?? LOCAL_OWNER;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  let csv: string;
  try {
    csv = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  return withCliDatabase('fx', 'send the file to the API (POST /api/v1/me/fx-rates with your key)', async (db) => {
    const owner = await db.prisma.user.findUnique({ where: { name: user } });
    if (!owner) {
      console.error(`No user named "${user}" (see npm run keys -- list).`);
      return 1;
    }
    const result = await new FxService(new FxRepository(db)).importCsv({ userId: owner.id }, csv);
    console.log(`Imported ${result.imported} rate(s) for "${user}": ${result.pairs.join(', ')} from ${result.from} to ${result.to}.`);
    return 0;
  });
}

runCli(main);
