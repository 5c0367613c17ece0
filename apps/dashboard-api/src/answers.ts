import Type, { type Static, type TSchema } from 'typebox';
import { ARCHIVING_CHANGES, KEY_SCOPES, LANGUAGES, TRASH_KINDS } from '@propfolio/domain';

/**
 * The answers of the dashboard's own routes as JSON Schemas (typebox, as the operations' outputs are):
 * the OpenAPI document of /app/api lists them, and each route checks its answer against the type beside
 * the schema (`satisfies`), so a schema cannot drift from what the code sends.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const Id = (description: string) => Type.String({ format: 'uuid', description });
const ListOf = <T extends TSchema>(item: T, order: string) => Type.Object({ items: Type.Array(item, { description: order }) });

export const UserSchema = Type.Object({
  id: Id('User id.'),
  email: Nullable(Type.String({ description: 'Email address; null for a user made from the command line without one.' })),
  name: Type.String({ description: 'Display name.' }),
  language: Type.Enum([...LANGUAGES], { description: 'Language of the dashboard.' }),
  admin: Type.Boolean({ description: 'May use the Admin page.' }),
  createdAt: Timestamp('When the account was made.'),
});

/**
 * Rules of the service the dashboard shows or acts on, so that the web app never restates them.
 */
export const ServiceRulesSchema = Type.Object({
  trashRetentionDays: Type.Integer({
    description: 'Days a deleted record stays in the trash before it is purged for good (TRASH_RETENTION_DAYS).',
  }),
  archivingChanges: Type.Array(Type.Enum([...ARCHIVING_CHANGES]), {
    description:
      'Changes of a challenge that archive its linked EA accounts (no more reports accepted): `phase` (any change of ' +
      'phase) and `failed` (the status becomes failed, a breach).',
  }),
});
export type ServiceRules = Static<typeof ServiceRulesSchema>;

export const SessionSchema = Type.Object({
  user: UserSchema,
  csrfToken: Type.String({ description: 'Send it as X-CSRF-Token on every request that writes.' }),
  rules: ServiceRulesSchema,
});
export type SessionAnswer = Static<typeof SessionSchema>;

export const MeSchema = Type.Union([
  Type.Object({ signedIn: Type.Literal(false) }, { description: 'Not signed in (an answer, not an error).' }),
  Type.Intersect([Type.Object({ signedIn: Type.Literal(true) }), SessionSchema]),
]);
export type MeAnswer = Static<typeof MeSchema>;

export const SetupNeededSchema = Type.Object({
  needed: Type.Boolean({ description: 'True while the first-run setup link is unused and valid.' }),
});

export const KeySchema = Type.Object({
  id: Id('Key id.'),
  name: Nullable(Type.String({ description: 'Its label.' })),
  prefix: Type.String({ description: 'Display prefix (`eakey_` + 8 characters); the secret is never shown again.' }),
  scope: Type.Enum([...KEY_SCOPES], { description: '`full` or `tracker`.' }),
  createdAt: Timestamp('When it was issued.'),
  lastUsedAt: Nullable(Timestamp('Last use, written at most once a minute.')),
  revokedAt: Nullable(Timestamp('When it was revoked; null while it works.')),
});
export const KeyListSchema = ListOf(KeySchema, 'Newest first, revoked ones included.');
export const NewKeySchema = Type.Object({
  key: KeySchema,
  secret: Type.String({ description: 'The key itself (`eakey_…`): shown once, never stored.' }),
});
export const KeyAnswerSchema = Type.Object({ key: KeySchema });

export const AdminUserSchema = Type.Object({
  id: Id('User id.'),
  email: Nullable(Type.String()),
  name: Type.String(),
  admin: Type.Boolean(),
  disabledAt: Nullable(Timestamp('When an administrator disabled the account; null while it may sign in.')),
  createdAt: Timestamp('When the account was made.'),
  keys: Type.Integer({ description: 'Its API keys not revoked.' }),
});
export const AdminUserListSchema = ListOf(AdminUserSchema, 'Oldest first.');
export const UserStateSchema = Type.Object({
  user: Type.Intersect([UserSchema, Type.Object({ disabledAt: Nullable(Timestamp('When the account was disabled.')) })]),
});

const link = (description: string) => Type.String({ description });
export const InviteSchema = Type.Object({
  id: Id('Invite id.'),
  email: Nullable(Type.String({ description: 'The only email that may use it; null for anyone with the link.' })),
  createdAt: Timestamp('When it was made.'),
  expiresAt: Timestamp('When the link stops working.'),
  usedAt: Nullable(Timestamp('When someone signed up with it; null while unused.')),
});
export const InviteListSchema = ListOf(InviteSchema, 'Newest first.');
export const NewInviteSchema = Type.Object({
  invite: InviteSchema,
  token: link('The invite token: shown once.'),
  url: link('The sign-up link to hand over (`/sign-up?invite=…`).'),
});
export const NewPasswordResetSchema = Type.Object({
  reset: Type.Object({
    id: Id('Reset id.'),
    userId: Id('The user it is for.'),
    createdAt: Timestamp('When it was issued.'),
    expiresAt: Timestamp('When the link stops working.'),
  }),
  token: link('The reset token: shown once.'),
  url: link('The link to hand over (`/reset-password?token=…`); it works once.'),
});

export const TrashEntrySchema = Type.Object({
  id: Id('Trash entry id.'),
  kind: Type.Enum([...TRASH_KINDS], { description: 'What was deleted.' }),
  label: Type.String({ description: 'A line naming the record, as the list shows it.' }),
  deletedAt: Timestamp('When it was deleted.'),
  purgeAfter: Timestamp('When it is purged for good; it can be restored until then.'),
  contents: Type.Object(
    {
      memos: Type.Integer(),
      payouts: Type.Integer(),
      accounts: Type.Integer(),
      reports: Type.Integer(),
    },
    { description: 'How many dependent records went with it.' },
  ),
});
export const TrashListSchema = ListOf(TrashEntrySchema, 'Newest deletion first.');
export const DeletedSchema = Type.Object({ entry: TrashEntrySchema });
export const RestoredSchema = Type.Object({
  restored: Type.Object({
    kind: TrashEntrySchema.properties.kind,
    id: Id('Id of the record put back (the same id it had).'),
  }),
});

export type Answer<S extends TSchema> = Static<S>;
