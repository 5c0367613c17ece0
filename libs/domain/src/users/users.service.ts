import { AppError } from '@propfolio/core';
import { Prisma, type Database, type UserModel as User } from '@propfolio/db';
import { Revocations } from '../keys/credential-cache.js';
import { choice, DISPLAY_NAME_LENGTH, EMAIL_LENGTH, optionalText, text } from './fields.js';
import { dummyPasswordHash, hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './password.js';
import { isEmail, normalizeEmail } from './tokens.js';
import type { Language } from './user-view.js';

export const LANGUAGES = ['ja', 'en'] as const;

export interface NewPerson {
  email: unknown;
  password: unknown;
  name?: unknown;
  language?: unknown;
}

export interface AdminUserListing {
  id: string;
  email: string | null;
  name: string;
  admin: boolean;
  disabledAt: string | null;
  createdAt: string;
  keys: number;
}

const invalidCredentials = () => new AppError('invalid_credentials', 'The email or password is not correct.');

export function checkEmail(value: unknown): string {
  const email = text(value, 'email', EMAIL_LENGTH.min, EMAIL_LENGTH.max);
  if (!isEmail(email)) throw AppError.invalidField('email', 'must be an email address');
  return email;
}

export function checkPassword(value: unknown): string {
  // Not trimmed: every character of a password counts.
  if (typeof value !== 'string' || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) {
    throw AppError.invalidField('password', `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  return value;
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** People: sign-up, password checks, profile, and what admins and operators do to accounts. */
export class UserService {
  constructor(
    private readonly db: Database,
    /** Cached sessions carry the user row: any change to a user is a revocation for them. */
    private readonly revocations = new Revocations(),
  ) {}

  /** Creates a person; 409 when the email (in any letter case) is taken. */
  async create(
    input: NewPerson,
    options: { admin?: boolean; inSameTransaction?: (tx: Prisma.TransactionClient, user: User) => Promise<void> } = {},
  ): Promise<User> {
    const email = checkEmail(input.email);
    const password = checkPassword(input.password);
    const displayName = optionalText(input.name, 'name', DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max) ?? email.split('@')[0] ?? email;
    const language = input.language === undefined ? 'ja' : choice(input.language, 'language', LANGUAGES);
    const emailNormalized = normalizeEmail(email);
    const passwordHash = await hashPassword(password);
    try {
      return await this.db.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: { name: emailNormalized, email, emailNormalized, displayName, passwordHash, language, admin: options.admin ?? false },
        });
        await options.inSameTransaction?.(tx, user);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('An account with this email already exists.');
      throw error;
    }
  }

  /**
   * The user for these credentials, or `invalid_credentials`: unknown email, wrong password and a
   * disabled account answer the same, after the same scrypt work.
   */
  async verifyCredentials(emailInput: unknown, passwordInput: unknown): Promise<User> {
    const email = typeof emailInput === 'string' ? normalizeEmail(emailInput) : '';
    if (email.includes('\u0000')) throw AppError.invalidField('email', 'must not contain the NUL character (U+0000)');
    const password = typeof passwordInput === 'string' ? passwordInput.slice(0, PASSWORD_MAX) : '';
    const user = email ? await this.db.prisma.user.findUnique({ where: { emailNormalized: email } }) : null;
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !user.passwordHash || user.disabledAt || !matches) throw invalidCredentials();
    return user;
  }

  async get(userId: string): Promise<User> {
    const user = await this.db.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw AppError.notFound('User');
    return user;
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.db.prisma.user.findUnique({ where: { emailNormalized: normalizeEmail(email) } });
  }

  async updateProfile(userId: string, input: { name?: unknown; language?: unknown }): Promise<User> {
    const displayName = optionalText(input.name, 'name', DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max);
    const language: Language | undefined = input.language === undefined ? undefined : choice(input.language, 'language', LANGUAGES);
    const user = await this.db.prisma.user.update({
      where: { id: userId },
      data: { ...(displayName !== undefined ? { displayName } : {}), ...(language ? { language } : {}) },
    });
    this.revocations.revokeAll();
    return user;
  }

  /** Sets email and password on an existing user (the first-run owner, or an operator's reset). */
  async setCredentials(userId: string, input: { email?: unknown; password: unknown; name?: unknown; language?: unknown }): Promise<User> {
    const password = checkPassword(input.password);
    const language: Language | undefined = input.language === undefined ? undefined : choice(input.language, 'language', LANGUAGES);
    const email = input.email === undefined ? undefined : checkEmail(input.email);
    const displayName = optionalText(input.name, 'name', DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max);
    const passwordHash = await hashPassword(password);
    try {
      const user = await this.db.prisma.user.update({
        where: { id: userId },
        data: {
          passwordHash,
          ...(email ? { email, emailNormalized: normalizeEmail(email) } : {}),
          ...(displayName ? { displayName } : {}),
          ...(language ? { language } : {}),
        },
      });
      this.revocations.revokeAll();
      return user;
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('An account with this email already exists.');
      throw error;
    }
  }

  /** Every user with their key count, oldest first (admin screen, `npm run users -- list`). */
  async list(): Promise<AdminUserListing[]> {
    const users = await this.db.prisma.user.findMany({
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { _count: { select: { apiKeys: { where: { revokedAt: null } } } } },
    });
    return users.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.displayName ?? user.name,
      admin: user.admin,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      keys: user._count.apiKeys,
    }));
  }

  /**
   * Disabling ends the user's sessions in the same transaction; their keys stop because every key
   * check reads the user's `disabledAt`: at once in this process (the credential cache is emptied),
   * within CREDENTIAL_CACHE_TTL_MS (5 s) in the others. Enabling does not bring sessions back.
   */
  async setDisabled(userId: string, disabled: boolean, now = new Date()): Promise<User> {
    const user = await this.db.prisma.$transaction(async (tx) => {
      const found = await tx.user.findUnique({ where: { id: userId } });
      if (!found) throw AppError.notFound('User');
      if (disabled) await tx.session.deleteMany({ where: { userId } });
      return tx.user.update({ where: { id: userId }, data: { disabledAt: disabled ? (found.disabledAt ?? now) : null } });
    });
    this.revocations.revokeAll();
    return user;
  }
}
