/**
 * People's data access: users, sign-in sessions, invites, first-run setup links and password resets, one method per intent, every row
 * with named fields. What a valid email, password, token or link is, and who may do what, stay in the services.
 * A sign-up that spends an invite is one transaction: `insertUser` hands its callback a `UsersTransaction`, and
 * `within(tx)` gives the repository bound to it.
 */
import { Prisma, type Database, type UserModel } from '@propfolio/db';

/** A user row as the services and the dashboard read it (the password hash included: never sent out). */
export type UserRow = UserModel;

/** The transaction a sign-up runs in, for the work that must commit or roll back with it (an invite spent). */
export type UsersTransaction = Prisma.TransactionClient;

export interface NewUser {
  name: string;
  email: string;
  emailNormalized: string;
  displayName: string;
  passwordHash: string;
  language: string;
  admin: boolean;
}

export interface UserChanges {
  displayName?: string;
  language?: string;
  passwordHash?: string;
  email?: string;
  emailNormalized?: string;
}

/** A user with how many unrevoked keys they hold. */
export interface UserWithActiveKeys {
  user: UserRow;
  activeKeys: number;
}

export interface SessionWithUser {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: UserRow;
}

export interface NewSessionRow {
  userId: string;
  tokenHash: string;
  csrfToken: string;
  expiresAt: Date;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface InviteRow {
  id: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface NewInvite {
  tokenHash: string;
  email: string | null;
  createdById: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface SetupTokenRow {
  id: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface PasswordResetRow {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface NewPasswordReset {
  userId: string;
  createdById: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A reset link found by its token, with whether its user is disabled. */
export interface PasswordResetWithUser extends PasswordResetRow {
  userDisabledAt: Date | null;
}

const PASSWORD_RESET_COLUMNS = { id: true, userId: true, createdAt: true, expiresAt: true, usedAt: true } as const;
const INVITE_COLUMNS = { id: true, email: true, createdAt: true, expiresAt: true, usedAt: true } as const;
const SETUP_TOKEN_COLUMNS = { id: true, userId: true, expiresAt: true, usedAt: true } as const;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

type Client = Database['prisma'] | Prisma.TransactionClient;

export class UsersRepository {
  constructor(
    private readonly db: Database,
    private readonly tx?: Prisma.TransactionClient,
  ) {}

  /**
   * The sign-up's transaction, else the database's client, read at the call: reading `db.prisma` at construction
   * made the app's start load Prisma's query compiler before listening (app-context.spec).
   */
  private get client(): Client {
    return this.tx ?? this.db.prisma;
  }

  /** The repository bound to a sign-up's transaction. */
  within(tx: UsersTransaction): UsersRepository {
    return new UsersRepository(this.db, tx);
  }

  /**
   * Inserts a user, then runs `inSameTransaction` in the same transaction; null when the email (or name) is taken
   * (a unique index, so two sign-ups cannot both pass).
   */
  async insertUser(user: NewUser, inSameTransaction?: (tx: UsersTransaction, user: UserRow) => Promise<void>): Promise<UserRow | null> {
    try {
      return await this.db.prisma.$transaction(async (tx) => {
        const created = await tx.user.create({ data: user });
        await inSameTransaction?.(tx, created);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async userById(id: string): Promise<UserRow | null> {
    return this.client.user.findUnique({ where: { id } });
  }

  async userByEmail(emailNormalized: string): Promise<UserRow | null> {
    return this.client.user.findUnique({ where: { emailNormalized } });
  }

  /** Applies the changes; null when they would give the user an email another has. */
  async updateUser(id: string, changes: UserChanges): Promise<UserRow | null> {
    try {
      return await this.client.user.update({ where: { id }, data: changes });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Every user with their unrevoked keys counted, oldest first. */
  async usersWithActiveKeys(): Promise<UserWithActiveKeys[]> {
    const users = await this.client.user.findMany({
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { _count: { select: { apiKeys: { where: { revokedAt: null } } } } },
    });
    return users.map(({ _count, ...user }) => ({ user, activeKeys: _count.apiKeys }));
  }

  /**
   * Disables (keeping an earlier instant) or enables the user; disabling deletes their sessions in the same
   * transaction. Null for an unknown user.
   */
  async setDisabled(userId: string, disabled: boolean, now: Date): Promise<UserRow | null> {
    return this.db.prisma.$transaction(async (tx) => {
      const found = await tx.user.findUnique({ where: { id: userId } });
      if (!found) return null;
      if (disabled) await tx.session.deleteMany({ where: { userId } });
      return tx.user.update({ where: { id: userId }, data: { disabledAt: disabled ? (found.disabledAt ?? now) : null } });
    });
  }

  // Sessions

  async insertSession(session: NewSessionRow): Promise<string> {
    return (await this.client.session.create({ data: session, select: { id: true } })).id;
  }

  async sessionByTokenHash(tokenHash: string): Promise<SessionWithUser | null> {
    const row = await this.client.session.findUnique({ where: { tokenHash }, include: { user: true } });
    return row && { id: row.id, csrfToken: row.csrfToken, expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt, user: row.user };
  }

  async slideSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.client.session.updateMany({ where: { id }, data: { lastSeenAt, expiresAt } });
  }

  async deleteSession(id: string): Promise<void> {
    await this.client.session.deleteMany({ where: { id } });
  }

  async deleteSessionsOf(userId: string): Promise<void> {
    await this.client.session.deleteMany({ where: { userId } });
  }

  /** Deletes the sessions expired at `now`; returns how many. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    return (await this.client.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  }

  // Invites

  async insertInvite(invite: NewInvite): Promise<InviteRow> {
    return this.client.invite.create({ data: invite, select: INVITE_COLUMNS });
  }

  /** The newest invites, at most `take`. */
  async latestInvites(take: number): Promise<InviteRow[]> {
    return this.client.invite.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take, select: INVITE_COLUMNS });
  }

  async inviteByTokenHash(tokenHash: string): Promise<InviteRow | null> {
    return this.client.invite.findUnique({ where: { tokenHash }, select: INVITE_COLUMNS });
  }

  /** Marks the invite used by `userId` unless it already is; false when another use came first. */
  async spendInvite(id: string, userId: string, now: Date): Promise<boolean> {
    const claimed = await this.client.invite.updateMany({ where: { id, usedAt: null }, data: { usedAt: now, usedById: userId } });
    return claimed.count === 1;
  }

  // First-run setup links

  async insertSetupToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.client.setupToken.create({ data: { userId, tokenHash, expiresAt } });
  }

  /** How many unused setup links are still valid at `now`. */
  async liveSetupTokens(now: Date): Promise<number> {
    return this.client.setupToken.count({ where: { usedAt: null, expiresAt: { gt: now } } });
  }

  async setupTokenByHash(tokenHash: string): Promise<SetupTokenRow | null> {
    return this.client.setupToken.findUnique({ where: { tokenHash }, select: SETUP_TOKEN_COLUMNS });
  }

  /** Marks the link used unless it already is; false when another use came first. */
  async spendSetupToken(id: string, now: Date): Promise<boolean> {
    return (await this.client.setupToken.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } })).count === 1;
  }

  /** Makes a spent link usable again (the input it was spent on was refused). */
  async unspendSetupToken(id: string): Promise<void> {
    await this.client.setupToken.updateMany({ where: { id }, data: { usedAt: null } });
  }

  // Password resets

  /**
   * Issues a reset link for the user, spending (at `reset.createdAt`) the user's earlier unused ones in the same
   * transaction; null for an unknown user.
   */
  async replacePasswordReset(reset: NewPasswordReset): Promise<PasswordResetRow | null> {
    return this.db.prisma.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: reset.userId }, select: { id: true } });
      if (!user) return null;
      await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: reset.createdAt } });
      return tx.passwordReset.create({ data: reset, select: PASSWORD_RESET_COLUMNS });
    });
  }

  async passwordResetByTokenHash(tokenHash: string): Promise<PasswordResetWithUser | null> {
    const found = await this.client.passwordReset.findUnique({
      where: { tokenHash },
      select: { ...PASSWORD_RESET_COLUMNS, user: { select: { disabledAt: true } } },
    });
    if (!found) return null;
    const { user, ...reset } = found;
    return { ...reset, userDisabledAt: user.disabledAt };
  }

  /** Marks the link used unless it already is; false when another use came first. */
  async spendPasswordReset(id: string, now: Date): Promise<boolean> {
    return (await this.client.passwordReset.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } })).count === 1;
  }
}
