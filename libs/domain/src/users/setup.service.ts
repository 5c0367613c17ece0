import { AppError } from '@propfolio/core';
import { randomToken, sha256 } from './tokens.js';
import type { UserService } from './users.service.js';
import type { UserRow as User, UsersRepository } from './users.repository.js';

export const SETUP_VALID_MS = 24 * 3_600_000;

/** The first-run link: the owner created on an empty database sets their email and password once. */
export class SetupService {
  constructor(
    private readonly rows: UsersRepository,
    private readonly users: UserService,
  ) {}

  async issue(userId: string, now = new Date()): Promise<string> {
    const token = randomToken();
    await this.rows.insertSetupToken(userId, sha256(token), new Date(now.getTime() + SETUP_VALID_MS));
    return token;
  }

  /** True while an unused, unexpired setup link exists. */
  async needed(now = new Date()): Promise<boolean> {
    return (await this.rows.liveSetupTokens(now)) > 0;
  }

  async complete(
    token: unknown,
    input: { email: unknown; password: unknown; name?: unknown; language?: unknown },
    now = new Date(),
  ): Promise<User> {
    const invalid = new AppError(
      'forbidden',
      'This setup link is unknown, already used or expired. Use `npm run users -- create --admin` instead.',
    );
    if (typeof token !== 'string' || token.length > 100) throw invalid;
    const found = await this.rows.setupTokenByHash(sha256(token));
    if (!found || found.usedAt || found.expiresAt <= now) throw invalid;
    if (!(await this.rows.spendSetupToken(found.id, now))) throw invalid;
    try {
      return await this.users.setCredentials(found.userId, input);
    } catch (error) {
      // Bad input must not burn the one-time link.
      await this.rows.unspendSetupToken(found.id);
      throw error;
    }
  }
}
