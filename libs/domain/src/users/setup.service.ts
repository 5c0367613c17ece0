import { AppError } from '@propfolio/core';
import type { Database, UserModel as User } from '@propfolio/db';
import { randomToken, sha256 } from './tokens.js';
import type { UserService } from './users.service.js';

export const SETUP_VALID_MS = 24 * 3_600_000;

/** The first-run link: the owner created on an empty database sets their email and password once. */
export class SetupService {
  constructor(
    private readonly db: Database,
    private readonly users: UserService,
  ) {}

  async issue(userId: string, now = new Date()): Promise<string> {
    const token = randomToken();
    await this.db.prisma.setupToken.create({
      data: { userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + SETUP_VALID_MS) },
    });
    return token;
  }

  /** True while an unused, unexpired setup link exists. */
  async needed(now = new Date()): Promise<boolean> {
    return (await this.db.prisma.setupToken.count({ where: { usedAt: null, expiresAt: { gt: now } } })) > 0;
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
    const found = await this.db.prisma.setupToken.findUnique({ where: { tokenHash: sha256(token) } });
    if (!found || found.usedAt || found.expiresAt <= now) throw invalid;
    const claimed = await this.db.prisma.setupToken.updateMany({ where: { id: found.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw invalid;
    try {
      return await this.users.setCredentials(found.userId, input);
    } catch (error) {
      // Bad input must not burn the one-time link.
      await this.db.prisma.setupToken.updateMany({ where: { id: found.id }, data: { usedAt: null } });
      throw error;
    }
  }
}
