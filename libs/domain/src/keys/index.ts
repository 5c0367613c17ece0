/** API keys alone (no contracts, so no decorators): what `npm run keys` and the server start need. */
export { ApiKeyService, LOCAL_OWNER } from './api-key-service.js';
export { isWellFormedKey, KEY_PREFIX } from './key-format.js';
export type { ApiKeyListing, CreatedKey } from './key-schemas.js';
