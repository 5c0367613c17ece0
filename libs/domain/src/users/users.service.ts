import { AppError } from '@propfolio/core';
import type { UserRow as User, UsersRepository, UsersTransaction } from './users.repository.js';
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

const emailTaken = () => AppError.conflict('An account with this email already exists.');
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

/** People: sign-up, password checks, profile, and what admins and operators do to accounts. */
export class UserService {
  constructor(
    private readonly rows: UsersRepository,
    /** Cached sessions carry the user row: any change to a user is a revocation for them. */
    private readonly revocations = new Revocations(),
  ) {}

  /** Creates a person; 409 when the email (in any letter case) is taken. */
  async create(
    input: NewPerson,
    options: { admin?: boolean; inSameTransaction?: (tx: UsersTransaction, user: User) => Promise<void> } = {},
  ): Promise<User> {
    const email = checkEmail(input.email);
    const password = checkPassword(input.password);
    const displayName = optionalText(input.name, 'name', DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max) ?? email.split('@')[0] ?? email;
    const language = input.language === undefined ? 'ja' : choice(input.language, 'language', LANGUAGES);
    const emailNormalized = normalizeEmail(email);
    const passwordHash = await hashPassword(password);
    const user = await this.rows.insertUser(
      { name: emailNormalized, email, emailNormalized, displayName, passwordHash, language, admin: options.admin ?? false },
      options.inSameTransaction,
    );
    if (!user) throw emailTaken();
    return user;
  }

  /**
   * The user for these credentials, or `invalid_credentials`: unknown email, wrong password and a
   * disabled account answer the same, after the same scrypt work.
   */
  async verifyCredentials(emailInput: unknown, passwordInput: unknown): Promise<User> {
    const email = typeof emailInput === 'string' ? normalizeEmail(emailInput) : '';
    if (email.includes('\u0000')) throw AppError.invalidField('email', 'must not contain the NUL character (U+0000)');
    const password = typeof passwordInput === 'string' ? passwordInput.slice(0, PASSWORD_MAX) : '';
    const user = email ? await this.rows.userByEmail(email) : null;
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !user.passwordHash || user.disabledAt || !matches) throw invalidCredentials();
    return user;
  }

  async get(userId: string): Promise<User> {
    const user = await this.rows.userById(userId);
    if (!user) throw AppError.notFound('User');
    return user;
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.rows.userByEmail(normalizeEmail(email));
  }

  async updateProfile(userId: string, input: { name?: unknown; language?: unknown }): Promise<User> {
    const displayName = optionalText(input.name, 'name', DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max);
    const language: Language | undefined = input.language === undefined ? undefined : choice(input.language, 'language', LANGUAGES);
    const user = await this.rows.updateUser(userId, {
      ...(displayName !== undefined ? { displayName } : {}),
      ...(language ? { language } : {}),
    });
    if (!user) throw emailTaken();
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
    const user = await this.rows.updateUser(userId, {
      passwordHash,
      ...(email ? { email, emailNormalized: normalizeEmail(email) } : {}),
      ...(displayName ? { displayName } : {}),
      ...(language ? { language } : {}),
    });
    if (!user) throw emailTaken();
    this.revocations.revokeAll();
    return user;
  }

  /** Every user with their key count, oldest first (admin screen, `npm run users -- list`). */
  async list(): Promise<AdminUserListing[]> {
    return (await this.rows.usersWithActiveKeys()).map(({ user, activeKeys }) => ({
      id: user.id,
      email: user.email,
      name: user.displayName ?? user.name,
      admin: user.admin,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      keys: activeKeys,
    }));
  }

  /**
   * Disabling ends the user's sessions in the same transaction; their keys stop because every key
   * check reads the user's `disabledAt`: at once in this process (the credential cache is emptied),
   * within CREDENTIAL_CACHE_TTL_MS (5 s) in the others. Enabling does not bring sessions back.
   */
  async setDisabled(userId: string, disabled: boolean, now = new Date()): Promise<User> {
    const user = await this.rows.setDisabled(userId, disabled, now);
    if (!user) throw AppError.notFound('User');
    this.revocations.revokeAll();
    return user;
  }
}
