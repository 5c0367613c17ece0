import { AppError } from '@propfolio/core';
import type { Database, UserModel as User } from '@propfolio/db';
import type { SessionService } from './session.service.js';
import { randomToken, sha256 } from './tokens.js';
import { checkPassword, type UserService } from './users.service.js';

const PASSWORD_RESET_VALID_MS = 24 * 3_600_000;

interface PasswordResetView {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

const invalid = () =>
  new AppError('forbidden', 'This password-reset link is unknown, already used or expired. Ask an administrator for a new one.');

/**
 * The way back into an account without self-service email: an administrator issues a one-time link for
 * a user (like an invite; only the token's hash is stored), the user sets a new password with it within
 * 24 hours, and every session of that user ends. A new link replaces the user's earlier unused ones; a
 * disabled user's link is refused.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  async issue(createdById: string, userId: string, now = new Date()): Promise<{ reset: PasswordResetView; token: string }> {
    const token = randomToken();
    const row = await this.db.prisma.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!user) throw AppError.notFound('User');
      await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      return tx.passwordReset.create({
        data: {
          userId,
          createdById,
          tokenHash: sha256(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_VALID_MS),
        },
      });
    });
    const reset = { id: row.id, userId: row.userId, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
    return { reset, token };
  }

  /** Sets the new password (checked before the link is spent), spends the link, ends every session of the user. */
  async complete(token: unknown, password: unknown, now = new Date()): Promise<User> {
    if (typeof token !== 'string' || token.length > 100) throw invalid();
    const newPassword = checkPassword(password);
    const found = await this.db.prisma.passwordReset.findUnique({
      where: { tokenHash: sha256(token) },
      include: { user: { select: { disabledAt: true } } },
    });
    // A disabled account stays closed: its link is refused like a spent one.
    if (!found || found.usedAt || found.expiresAt <= now || found.user.disabledAt) throw invalid();
    const claimed = await this.db.prisma.passwordReset.updateMany({ where: { id: found.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw invalid();
    const user = await this.users.setCredentials(found.userId, { password: newPassword });
    await this.sessions.endAll(found.userId);
    return user;
  }
}
