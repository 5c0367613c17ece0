import { CredentialCache, Revocations } from '../keys/credential-cache.js';
import { randomToken, sha256 } from './tokens.js';
import type { SessionWithUser, UserRow as User, UsersRepository } from './users.repository.js';

/** Sliding expiry is pushed forward at most this often per session, not on every request. */
export const SESSION_REFRESH_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface NewSession {
  /** The cookie value (256 random bits); only its SHA-256 is stored. */
  token: string;
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface ActiveSession {
  sessionId: string;
  /** True when this request pushed the expiry forward (the cookie's Max-Age should follow). */
  refreshed: boolean;
  csrfToken: string;
  expiresAt: Date;
  user: User;
}

/** Dashboard sign-in sessions, stored in the database so any instance can answer any request. */
export class SessionService {
  private readonly verified: CredentialCache<SessionWithUser>;

  constructor(
    private readonly rows: UsersRepository,
    private readonly days: number,
    /** Shared with the key and user services of the process (ending a session revokes through it). */
    private readonly revocations = new Revocations(),
  ) {
    this.verified = new CredentialCache(revocations);
  }

  /** A brand-new session (a new id at every sign-in, so a planted cookie is never promoted). */
  async create(userId: string, now = new Date()): Promise<NewSession> {
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAt = new Date(now.getTime() + this.days * DAY_MS);
    const sessionId = await this.rows.insertSession({
      userId,
      tokenHash: sha256(token),
      csrfToken,
      expiresAt,
      createdAt: now,
      lastSeenAt: now,
    });
    return { token, sessionId, csrfToken, expiresAt };
  }

  /**
   * The live session behind a cookie value, or null (unknown, expired, or its user disabled): one
   * indexed lookup with the user joined, or none when the session was verified in the last few seconds
   * (see {@link CredentialCache}). Expiry slides forward, written at most every few minutes.
   */
  async resolve(token: string, now = new Date()): Promise<ActiveSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const cacheKey = `session:${sha256(token)}`;
    const found = await this.verified.lookup(cacheKey, now.getTime(), async () => {
      const row = await this.rows.sessionByTokenHash(sha256(token));
      return row && !row.user.disabledAt ? row : null;
    });
    if (!found || found.expiresAt <= now) return null;
    let expiresAt = found.expiresAt;
    const refreshed = now.getTime() - found.lastSeenAt.getTime() >= SESSION_REFRESH_MS;
    if (refreshed) {
      expiresAt = new Date(now.getTime() + this.days * DAY_MS);
      await this.rows.slideSession(found.id, now, expiresAt);
      // The cached row still has the old expiry: the next request reads the new one.
      this.verified.delete(cacheKey);
    }
    return { sessionId: found.id, refreshed, csrfToken: found.csrfToken, expiresAt, user: found.user };
  }

  async end(sessionId: string): Promise<void> {
    await this.rows.deleteSession(sessionId);
    this.revocations.revokeAll();
  }

  async endAll(userId: string): Promise<void> {
    await this.rows.deleteSessionsOf(userId);
    this.revocations.revokeAll();
  }

  /** Drops expired rows (housekeeping; expired sessions are refused whether or not they are purged). */
  async purgeExpired(now = new Date()): Promise<number> {
    return this.rows.deleteExpiredSessions(now);
  }
}
