import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { Compose, Doc, Trim } from '@propfolio/core';
import {
  Absent,
  DISPLAY_NAME_LENGTH,
  EMAIL_LENGTH,
  INVITE_DAYS,
  KEY_SCOPES,
  LANGUAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type KeyScope,
  type Language,
} from '@propfolio/domain';

/**
 * The inputs of the dashboard's own routes (auth, keys, admin, trash), written as the operations' inputs
 * are and parsed by the same `parseInput`: unknown fields, reserved keys, NUL characters and wrong types
 * are refused with the same `validation_failed` problem, and the same classes give the OpenAPI document of
 * /app/api. The rules a service also applies for its other callers (an email's form, a link's validity)
 * stay in the service; the bounds here are its constants, with its messages.
 */

/** Text of `min` to `max` characters, refused with the services' own message. */
const Sized = (min: number, max: number): PropertyDecorator => {
  const message = `$property must be ${min} to ${max} characters`;
  return Compose(IsString(), MinLength(min, { message }), MaxLength(max, { message }));
};

/** Trimmed text of `min` to `max` characters. */
const TrimmedText = (min: number, max: number): PropertyDecorator => Compose(Trim(), Sized(min, max));

/**
 * A secret the service answers as a whole (a sign-in's email and password, a link's token): documented
 * as text but never refused here, since any wrong value, of any type or left out, must answer what a
 * wrong secret answers (401 invalid_credentials, 403 for a link), after the same work. A 400 would tell
 * a prober which part was malformed. parseInput's guards (NUL, reserved keys, depth) still apply.
 */
const Secret = (description: string): PropertyDecorator =>
  Compose(
    Doc(description),
    ValidateIf(() => false),
    IsString(),
  );

const Email = (): PropertyDecorator =>
  Compose(
    Doc({ description: 'Email address (any letter case; compared case-insensitively).', example: 'trader@example.com' }),
    TrimmedText(EMAIL_LENGTH.min, EMAIL_LENGTH.max),
  );

const NewPassword = (): PropertyDecorator =>
  Compose(
    Doc(`The new password, ${PASSWORD_MIN} to ${PASSWORD_MAX} characters; every character counts (not trimmed).`),
    Sized(PASSWORD_MIN, PASSWORD_MAX),
  );

const DisplayName = (): PropertyDecorator =>
  Compose(
    Doc({ description: `Display name, ${DISPLAY_NAME_LENGTH.min} to ${DISPLAY_NAME_LENGTH.max} characters.`, example: '山田' }),
    IsOptional(),
    TrimmedText(DISPLAY_NAME_LENGTH.min, DISPLAY_NAME_LENGTH.max),
  );

const LanguageField = (): PropertyDecorator =>
  Compose(
    Doc({ description: 'Language of the dashboard and its messages: `ja` or `en`.', default: 'ja' }),
    Absent(),
    IsIn(LANGUAGES, { message: `$property must be one of ${LANGUAGES.join(', ')}` }),
  );

/** POST /setup: the first-run link's token, and the owner's email and password. */
export class SetupInput {
  @Secret('The token of the one-time setup link printed at the first start (`/setup?token=…`).')
  token?: string;

  @Email()
  email!: string;

  @NewPassword()
  password!: string;

  @DisplayName()
  name?: string;

  /** The browser's language, so the owner's alerts are worded in it from the start. */
  @LanguageField()
  language?: Language;
}

/** POST /auth/password-reset: an administrator's one-time link and the new password. */
export class PasswordResetInput {
  @Secret('The token of the password-reset link an administrator issued (`/reset-password?token=…`).')
  token?: string;

  @NewPassword()
  password!: string;
}

/** POST /auth/sign-up. */
export class SignUpInput {
  @Email()
  email!: string;

  @NewPassword()
  password!: string;

  @DisplayName()
  name?: string;

  @LanguageField()
  language?: Language;

  @Doc('The token of an invite link (`/sign-up?invite=…`); required unless the service takes open sign-ups (SIGNUP=open).')
  @IsOptional()
  @IsString()
  invite?: string | null;
}

/** POST /auth/sign-in. */
export class SignInInput {
  @Secret('Email address of the account.')
  email?: string;

  @Secret('Its password.')
  password?: string;
}

/** PATCH /me: the signed-in user's own profile. */
export class ProfileInput {
  @DisplayName()
  name?: string;

  @LanguageField()
  language?: Language;
}

/** POST /keys: a new API key for the signed-in user. */
export class NewKeyInput {
  @Doc({ description: 'A label to tell the key apart, 1 to 64 characters.', example: 'MT5 VPS' })
  @IsOptional()
  @TrimmedText(1, 64)
  name?: string | null;

  @Doc({
    description: '`full` (every operation) or `tracker` (only what the EA tracker needs: register an account, push reports).',
    default: 'full',
  })
  @IsOptional()
  @IsIn(KEY_SCOPES, { message: `$property must be one of ${KEY_SCOPES.join(', ')}` })
  scope?: KeyScope | null;
}

const INVITE_DAYS_MESSAGE = `$property must be an integer from ${INVITE_DAYS.min} to ${INVITE_DAYS.max}`;

/** POST /admin/invites. */
export class NewInviteInput {
  @Doc('Binds the invite to this email address; leave out (or empty) for an invite anyone with the link may use.')
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_LENGTH.max, { message: `$property must be ${EMAIL_LENGTH.min} to ${EMAIL_LENGTH.max} characters` })
  email?: string | null;

  @Doc({ description: `Days the link stays valid, ${INVITE_DAYS.min} to ${INVITE_DAYS.max}.`, default: INVITE_DAYS.default })
  @Absent()
  @IsInt({ message: INVITE_DAYS_MESSAGE })
  @Min(INVITE_DAYS.min, { message: INVITE_DAYS_MESSAGE })
  @Max(INVITE_DAYS.max, { message: INVITE_DAYS_MESSAGE })
  days?: number;
}

/** The id in a route's path (a key, a user, a record, a trash entry). An unknown id is a 404, never a 400. */
export class IdParams {
  @Doc('Id of the record (a UUID).')
  @IsString()
  id!: string;
}
