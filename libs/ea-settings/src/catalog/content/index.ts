import type { CatalogData } from '../types.js';
import { enums } from './enums.js';
import { filterGroups } from './groups-filters.js';
import { riskGroups } from './groups-risk.js';
import { tradeGroups } from './groups-trade.js';
import { uiGroups } from './groups-ui.js';
import { identity } from './identity.js';
import { presets } from './presets.js';
import { renames } from './renames.js';
import { units } from './units.js';

/** The built-in catalog of the EA, version {@link identity.version}. */
export const defaultCatalogData: CatalogData = {
  identity,
  enums,
  units,
  groups: [...tradeGroups, ...riskGroups, ...filterGroups, ...uiGroups],
  renames,
  presets,
};
