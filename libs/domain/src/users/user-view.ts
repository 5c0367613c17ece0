import type { UserRow as User } from './users.repository.js';

export type Language = 'ja' | 'en';

/** A user as the dashboard sees them: never the password hash. */
export interface UserView {
  id: string;
  email: string | null;
  name: string;
  language: Language;
  admin: boolean;
  createdAt: string;
}

export const toUserView = (user: User): UserView => ({
  id: user.id,
  email: user.email,
  name: user.displayName ?? user.name,
  language: user.language === 'en' ? 'en' : 'ja',
  admin: user.admin,
  createdAt: user.createdAt.toISOString(),
});
