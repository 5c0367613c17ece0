import { useI18n } from '../i18n/i18n.js';
import { AlertRulesPanel } from '../components/alerts/AlertRulesPanel.js';
import { ChannelForm } from '../components/alerts/ChannelForm.js';
import { ChannelList } from '../components/alerts/ChannelList.js';
import { DeliveryLog } from '../components/alerts/DeliveryLog.js';
import '../components/alerts/alerts.css';

/** Where alerts go (channels), when they fire (rules per challenge), and what became of each (the delivery log). */
export function AlertsPage() {
  const { t } = useI18n();
  return (
    <section className="alerts-page">
      <h1>{t('alerts.title')}</h1>
      <p className="muted">{t('alerts.intro')}</p>
      <section aria-labelledby="alerts-channels">
        <h2 id="alerts-channels">{t('alerts.channels.title')}</h2>
        {/* Said before any form: without the key every channel form ends in "not set up". */}
        <p className="notice" role="note" data-testid="alerts-needs-key">
          {t('alerts.needsKey')}
        </p>
        <div className="alerts-grid">
          <ChannelList />
          <ChannelForm />
        </div>
      </section>
      <section aria-labelledby="alerts-rules">
        <h2 id="alerts-rules">{t('alerts.rules.title')}</h2>
        <AlertRulesPanel />
      </section>
      <section aria-labelledby="alerts-log">
        <h2 id="alerts-log">{t('alerts.log.title')}</h2>
        <DeliveryLog />
      </section>
    </section>
  );
}
