/** People, sessions, invites and the first-run setup (no contracts, so no decorators: the CLI imports this). */
export { UserService, LANGUAGES, checkEmail, checkPassword, type AdminUserListing, type NewPerson } from './users.service.js';
export { SessionService, SESSION_REFRESH_MS, type ActiveSession, type NewSession } from './session.service.js';
export { InviteService, type InviteView } from './invite.service.js';
export { SetupService, SETUP_VALID_MS } from './setup.service.js';
export { PasswordResetService } from './password-reset.service.js';
export { UsersRepository, type UserRow, type UsersTransaction } from './users.repository.js';
export { toUserView, type UserView, type Language } from './user-view.js';
export { hashPassword, verifyPassword, PASSWORD_MIN, PASSWORD_MAX } from './password.js';
export { randomToken, sha256, safeEqual, normalizeEmail } from './tokens.js';
export { choice, text, optionalText, EMAIL_LENGTH, DISPLAY_NAME_LENGTH, INVITE_DAYS } from './fields.js';
