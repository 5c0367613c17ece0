/**
 * API keys for the local service:
 *   npm run keys -- create --user <name>   creates the user if needed; the key is the last line printed
 *   npm run keys -- list                   every key with its user, prefix, scope, last use and revocation
 *   npm run keys -- revoke <prefix>        revokes the key with that display prefix (eakey_xxxxxxxx)
 * Exit codes: 0 done, 1 failed (e.g. unknown prefix, database busy), 2 usage error.
 */
import { parseArgs } from 'node:util';
import { ApiKeyService, KeysRepository } from '@propfolio/domain/keys';
import { parseOrExplain, runCli, withCliDatabase, UsageError } from './cli-kit.js';

const USAGE = `Usage:
  npm run keys -- create --user <name> [--label <text>]
  npm run keys -- list
  npm run keys -- revoke <prefix>`;

type Command = { name: 'create'; user: string; label: string | undefined } | { name: 'list' } | { name: 'revoke'; prefix: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { user: { type: 'string' }, label: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [name, ...rest] = parsed.positionals;
  const { user, label } = parsed.values;
  if (name === 'create' && rest.length === 0 && user?.trim()) return { name, user, label };
  if (name === 'list' && rest.length === 0 && user === undefined && label === undefined) return { name };
  if (name === 'revoke' && rest.length === 1 && rest[0] && user === undefined) return { name, prefix: rest[0] };
  throw new UsageError(name ? `Unexpected arguments for "${name}".` : 'No command given.');
}

async function run(command: Command, keys: ApiKeyService): Promise<void> {
  switch (command.name) {
    case 'create': {
      const created = await keys.createKey(command.user, command.label);
      console.log(`Created an API key for user "${created.userName}" (prefix ${created.prefix}).`);
      console.log('Store it now: it will not be shown again. Send it as "Authorization: Bearer <key>".');
      console.log(created.key);
      return;
    }
    case 'list': {
      const all = await keys.listKeys();
      if (all.length === 0) console.log('No API keys yet. Create one with: npm run keys -- create --user <name>');
      for (const k of all) {
        const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
        console.log(
          `${k.prefix}  user=${k.userName}  scope=${k.scope}  ${state}  created=${k.createdAt}  lastUsed=${k.lastUsedAt ?? 'never'}${k.label ? `  label=${k.label}` : ''}`,
        );
      }
      return;
    }
    case 'revoke': {
      const revoked = await keys.revoke(command.prefix);
      console.log(`Revoked ${revoked.prefix} (user "${revoked.userName}") at ${revoked.revokedAt}.`);
      return;
    }
  }
}

async function main(): Promise<number> {
  const command = parseOrExplain(() => parseCommand(process.argv.slice(2)), USAGE);
  if (!command) return 2;
  return withCliDatabase('keys', 'issue and revoke keys in the web dashboard (EA integration on the P&L page)', async (db) => {
    await run(command, new ApiKeyService(new KeysRepository(db)));
    return 0;
  });
}

runCli(main);
