/**
 * Dashboard accounts for operators:
 *   npm run users -- create --email <email> [--name <name>] [--admin] [--language ja|en]
 *   npm run users -- list
 *   npm run users -- disable <email>        ends their sessions; their keys stop on the next request
 *   npm run users -- enable <email>
 *   npm run users -- reset-password <email> ends their sessions
 * The password is read from standard input when it is piped (`echo "$PW" | npm run users -- create …`);
 * otherwise a random one is generated and printed once. Passwords never go on the command line.
 * Exit codes: 0 done, 1 failed (unknown email, database busy…), 2 usage error.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Database } from '@propfolio/db';
import { SessionService, UserService, UsersRepository } from '@propfolio/domain/users';
import { parseOrExplain, runCli, withCliDatabase, UsageError } from './cli-kit.js';

const USAGE = `Usage:
  npm run users -- create --email <email> [--name <name>] [--admin] [--language ja|en]
  npm run users -- list
  npm run users -- disable <email>
  npm run users -- enable <email>
  npm run users -- reset-password <email>
The password is read from standard input when piped; otherwise a random one is printed once.`;

type Command =
  | { name: 'create'; email: string; displayName: string | undefined; admin: boolean; language: string | undefined }
  | { name: 'list' }
  | { name: 'disable' | 'enable' | 'reset-password'; email: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' }, language: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [name, ...rest] = parsed.positionals;
  const { email, name: displayName, admin, language } = parsed.values;
  if (name === 'create' && rest.length === 0 && email?.trim()) return { name, email, displayName, admin: admin ?? false, language };
  if (name === 'list' && rest.length === 0) return { name };
  if ((name === 'disable' || name === 'enable' || name === 'reset-password') && rest.length === 1 && rest[0])
    return { name, email: rest[0] };
  throw new UsageError(name ? `Unexpected arguments for "${name}".` : 'No command given.');
}

/** The piped password (first line of stdin), or a generated one that is printed once. */
async function newPassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
    if (line.length > 0) return { password: line, generated: false };
  }
  return { password: randomBytes(15).toString('base64url'), generated: true };
}

async function run(command: Command, db: Database): Promise<void> {
  const users = new UserService(new UsersRepository(db));
  const find = async (email: string) => {
    const user = await users.findByEmail(email);
    if (!user) throw new Error(`No user with the email ${email}.`);
    return user;
  };
  switch (command.name) {
    case 'create': {
      const { password, generated } = await newPassword();
      const user = await users.create(
        { email: command.email, password, name: command.displayName, ...(command.language ? { language: command.language } : {}) },
        { admin: command.admin },
      );
      console.log(
        `Created ${command.admin ? 'admin ' : ''}user ${user.email} (${user.id}). They sign in to the web dashboard with this email.`,
      );
      if (generated) console.log(`Password (shown once; they can keep it or ask for a reset):\n${password}`);
      return;
    }
    case 'list': {
      const all = await users.list();
      for (const u of all) {
        const state = u.disabledAt ? `disabled ${u.disabledAt}` : 'active';
        console.log(
          `${u.email ?? '(key-only)'}  name=${u.name}  ${u.admin ? 'admin  ' : ''}${state}  keys=${u.keys}  created=${u.createdAt}`,
        );
      }
      if (all.length === 0) console.log('No users yet.');
      return;
    }
    case 'disable':
    case 'enable': {
      const user = await users.setDisabled((await find(command.email)).id, command.name === 'disable');
      console.log(
        `${command.name === 'disable' ? 'Disabled' : 'Enabled'} ${user.email}.${command.name === 'disable' ? ' Their sessions ended and their keys no longer work.' : ''}`,
      );
      return;
    }
    case 'reset-password': {
      const user = await find(command.email);
      const { password, generated } = await newPassword();
      await users.setCredentials(user.id, { password });
      await new SessionService(new UsersRepository(db), 30).endAll(user.id);
      console.log(`Reset the password of ${user.email}; their sessions ended.`);
      if (generated) console.log(`New password (shown once):\n${password}`);
      return;
    }
  }
}

async function main(): Promise<number> {
  const command = parseOrExplain(() => parseCommand(process.argv.slice(2)), USAGE);
  if (!command) return 2;
  return withCliDatabase('users', 'do it in the web dashboard (an admin can invite people and disable accounts there)', async (db) => {
    await run(command, db);
    return 0;
  });
}

runCli(main);
