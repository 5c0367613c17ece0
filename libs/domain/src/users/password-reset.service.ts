import { AppError } from '@propfolio/core';
import type { SessionService } from './session.service.js';
import { randomToken, sha256 } from './tokens.js';
import type { UserRow, UsersRepository } from './users.repository.js';
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
    private readonly people: UsersRepository,
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  async issue(createdById: string, userId: string, now = new Date()): Promise<{ reset: PasswordResetView; token: string }> {
    const token = randomToken();
    const row = await this.people.replacePasswordReset({
      userId,
      createdById,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_VALID_MS),
    });
    if (!row) throw AppError.notFound('User');
    const reset = { id: row.id, userId: row.userId, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
    return { reset, token };
  }

  /** Sets the new password (checked before the link is spent), spends the link, ends every session of the user. */
  async complete(token: unknown, password: unknown, now = new Date()): Promise<UserRow> {
    if (typeof token !== 'string' || token.length > 100) throw invalid();
    const newPassword = checkPassword(password);
    const found = await this.people.passwordResetByTokenHash(sha256(token));
    // A disabled account stays closed: its link is refused like a spent one.
    if (!found || found.usedAt || found.expiresAt <= now || found.userDisabledAt) throw invalid();
    if (!(await this.people.spendPasswordReset(found.id, now))) throw invalid();
    const user = await this.users.setCredentials(found.userId, { password: newPassword });
    await this.sessions.endAll(found.userId);
    return user;
  }
}
