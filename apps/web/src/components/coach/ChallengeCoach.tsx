import { useI18n } from '../../i18n/i18n.js';
import { accountHeadroom, useChallengeHeadroom } from '../../lib/headroom.js';
import type { ChallengeDetail } from '../../lib/types.js';
import { QueryView } from '../states.js';
import { HeadroomPanel } from './HeadroomPanel.js';
import { PassProbability } from './PassProbability.js';

export { RulesEditor } from './RulesEditor.js';

/** The coach for the challenge: headroom of each active account (the primary first) and the pass probability. */
export function ChallengeCoach({ detail }: { detail: ChallengeDetail }) {
  const { t } = useI18n();
  const headroom = useChallengeHeadroom(detail.challenge.id);
  return (
    <div className={headroom.isPending ? 'reserve-screen' : undefined}>
      <QueryView query={headroom}>
        {(h) => {
          const primary = detail.accounts.find((a) => a.id === h.accountId) ?? null;
          const ordered = [...h.accounts].sort((a, b) => (a.account.id === h.accountId ? -1 : b.account.id === h.accountId ? 1 : 0));
          return (
            <div className="coach">
              {ordered.length === 0 ? (
                <HeadroomPanel headroom={null} rules={h.rules} challengeId={h.challengeId} heading={t('hr.title')} />
              ) : (
                ordered.map((a) => (
                  <HeadroomPanel
                    key={a.account.id}
                    headroom={a.headroom}
                    rules={h.rules}
                    challengeId={h.challengeId}
                    heading={
                      ordered.length > 1 ? `${t('hr.title')} — ${a.account.name ?? a.account.login} @ ${a.account.server}` : t('hr.title')
                    }
                  />
                ))
              )}
              {primary ? (
                <PassProbability
                  challengeId={h.challengeId}
                  account={primary}
                  targetPercent={accountHeadroom(h, primary.id)?.target.percent ?? null}
                />
              ) : null}
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}
