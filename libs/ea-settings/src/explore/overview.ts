import { defaultCatalog } from '../catalog/default.js';
import type { Catalog } from '../catalog/types.js';
import type { Lang } from '../text/i18n.js';

export interface EaOverview {
  name: string;
  version: string;
  platforms: Array<'mt5' | 'mt4'>;
  summary: string;
  howToGet: string;
  suitedFor: string[];
  notSuitedFor: string[];
  gettingStarted: string[];
  inputCount: number;
  groups: Array<{ number: number; label: string; description: string; inputCount: number }>;
  presets: Array<{ id: string; label: string; description: string }>;
}

/** `ea_overview`: what the EA is, how to get it, who it suits and how to start, in one language (default Japanese). */
export function eaOverview(lang: Lang = 'ja', catalog: Catalog = defaultCatalog()): EaOverview {
  const l = lang === 'en' ? 'en' : 'ja';
  const id = catalog.identity;
  return {
    name: id.name,
    version: id.version,
    platforms: [...id.platforms],
    summary: id.summary[l],
    howToGet: id.howToGet[l],
    suitedFor: id.suitedFor.map((t) => t[l]),
    notSuitedFor: id.notSuitedFor.map((t) => t[l]),
    gettingStarted: id.gettingStarted.map((t) => t[l]),
    inputCount: catalog.params.length,
    groups: catalog.groups.map((g) => ({
      number: g.number,
      label: g.label[l],
      description: g.description[l],
      inputCount: g.params.length,
    })),
    presets: catalog.presets.map((p) => ({ id: p.id, label: p.label[l], description: p.description[l] })),
  };
}
