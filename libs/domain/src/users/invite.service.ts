import { AppError } from '@propfolio/core';
import { checkEmail } from './users.service.js';
import { randomToken, sha256 } from './tokens.js';
import { INVITE_DAYS } from './fields.js';
import type { InviteRow, UsersRepository, UsersTransaction } from './users.repository.js';

const DAY_MS = 86_400_000;

export interface InviteView {
  id: string;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

const toView = (row: InviteRow): InviteView => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
});

const invalid = () => new AppError('invite_invalid', 'This invite link is unknown, already used or expired. Ask for a new one.');
const otherEmail = () => new AppError('invite_invalid', 'This invite is for another email address.');

/** Single-use, expiring sign-up invitations made by admins. Only the token's hash is stored. */
export class InviteService {
  constructor(private readonly rows: UsersRepository) {}

  async create(
    createdById: string,
    input: { email?: unknown; days?: unknown },
    now = new Date(),
  ): Promise<{ invite: InviteView; token: string }> {
    const email = input.email === undefined || input.email === null || input.email === '' ? null : checkEmail(input.email);
    const days = input.days === undefined ? INVITE_DAYS.default : input.days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < INVITE_DAYS.min || days > INVITE_DAYS.max)
      throw AppError.invalidField('days', `must be an integer from ${INVITE_DAYS.min} to ${INVITE_DAYS.max}`);
    const token = randomToken();
    const row = await this.rows.insertInvite({
      tokenHash: sha256(token),
      email,
      createdById,
      createdAt: now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    });
    return { invite: toView(row), token };
  }

  async list(): Promise<InviteView[]> {
    return (await this.rows.latestInvites(200)).map(toView);
  }

  /** Marks the invite used by `userId` inside the sign-up transaction; a second use is refused. */
  async consume(tx: UsersTransaction, token: unknown, email: string, userId: string, now = new Date()): Promise<void> {
    if (typeof token !== 'string' || token.length > 100) throw invalid();
    const rows = this.rows.within(tx);
    const found = await rows.inviteByTokenHash(sha256(token));
    if (!found || found.usedAt || found.expiresAt <= now) throw invalid();
    if (found.email && found.email.toLowerCase() !== email.trim().toLowerCase()) {
      throw otherEmail();
    }
    if (!(await rows.spendInvite(found.id, userId, now))) throw invalid();
  }

  /**
   * Refuses (invite_invalid) unless `token` is a live invite that `email` may use; checked before the
   * password is hashed and before the email is looked up, so an invite bound to one address answers every
   * other address alike, taken or not (no account probing), and is not used up by the attempt.
   */
  async check(token: unknown, email: unknown, now = new Date()): Promise<void> {
    if (typeof token !== 'string' || token.length > 100) throw invalid();
    const found = await this.rows.inviteByTokenHash(sha256(token));
    if (!found || found.usedAt || found.expiresAt <= now) throw invalid();
    if (found.email && (typeof email !== 'string' || found.email.toLowerCase() !== email.trim().toLowerCase())) throw otherEmail();
  }
}
