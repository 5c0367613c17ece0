import type { Config } from '@propfolio/core';
import { ARCHIVING_CHANGES } from '@propfolio/domain';
import type { ServiceRules } from './answers.js';

/**
 * The service's rules the dashboard shows or acts on, sent with the session so the web app never restates
 * them: how long the trash keeps a record, and which challenge changes archive its EA accounts (the
 * domain's planTransition; test/service-rules.spec.ts checks each listed change archives and others do not).
 */
export const serviceRules = (config: Config): ServiceRules => ({
  trashRetentionDays: config.trashRetentionDays,
  archivingChanges: [...ARCHIVING_CHANGES],
});
