/** A key as `npm run keys -- list` shows it: never the secret. */
export interface ApiKeyListing {
  prefix: string;
  userName: string;
  label: string | null;
  /** full (every operation) or tracker (the EA tracker's few). */
  scope: 'full' | 'tracker';
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A freshly created key: `key` is shown once and never stored. */
export interface CreatedKey {
  key: string;
  id: string;
  prefix: string;
  userId: string;
  userName: string;
}

/** A key as its owner sees it in the dashboard: never the secret. */
export interface OwnKeyListing {
  id: string;
  name: string | null;
  prefix: string;
  scope: 'full' | 'tracker';
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
