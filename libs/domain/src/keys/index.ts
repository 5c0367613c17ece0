/** API keys alone (no contracts, so no decorators): what `npm run keys` and the server start need. */
export { ApiKeyService, LOCAL_OWNER, KEY_SCOPES, MAX_ACTIVE_KEYS_PER_USER, type KeyScope } from './keys.service.js';
export { KeysRepository } from './keys.repository.js';
export { isWellFormedKey, KEY_PREFIX } from './key-format.js';
export type { ApiKeyListing, CreatedKey, OwnKeyListing } from './keys.outputs.js';
