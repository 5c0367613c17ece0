import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';

const DEFINITIONS: MessageKey[] = [
  'an.def.spent',
  'an.def.refunded',
  'an.def.withdrawn',
  'an.def.net',
  'an.def.period',
  'an.def.funnel',
  'an.def.firms',
  'an.def.conversion',
  'an.def.refundsDue',
];

/** The operation's definitions (README and get_analytics say the same), folded under the filters. */
export function Definitions() {
  const { t } = useI18n();
  return (
    <details className="card help">
      <summary>{t('an.help')}</summary>
      <ul>
        {DEFINITIONS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </details>
  );
}
