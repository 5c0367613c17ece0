/** A key as `npm run keys -- list` shows it: never the secret. */
export interface ApiKeyListing {
  prefix: string;
  userName: string;
  label: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A freshly created key: `key` is shown once and never stored. */
export interface CreatedKey {
  key: string;
  prefix: string;
  userId: string;
  userName: string;
}
