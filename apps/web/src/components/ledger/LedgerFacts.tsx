import { Link } from '@tanstack/react-router';
import { useI18n } from '../../i18n/i18n.js';
import type { LedgerChallengeDetail } from '../../lib/ledger-types.js';

/** List price and coupon, the linked catalog plan with its check date, and the reset links of a challenge. */
export function LedgerFacts({ detail }: { detail: LedgerChallengeDetail }) {
  const i18n = useI18n();
  const { t } = i18n;
  const c = detail.challenge;
  const plan = detail.catalogPlan;
  return (
    <>
      {c.listPrice !== null && (
        <div>
          <dt>{t('ch.listPrice')}</dt>
          <dd data-testid="list-price">{i18n.money(c.listPrice, c.currency)}</dd>
        </div>
      )}
      {c.couponCode && (
        <div>
          <dt>{t('ch.couponCode')}</dt>
          <dd data-testid="coupon">{c.couponCode}</dd>
        </div>
      )}
      {(plan || c.planId) && (
        <div>
          <dt>{t('ch.catalogPlan')}</dt>
          <dd>
            {plan ? (
              <>
                <Link to="/plans" search={{ firm: plan.firm, phases: undefined }}>
                  {plan.program}
                </Link>{' '}
                <span className="muted">({t('ch.checkedOn', { date: i18n.date(plan.checkedOn) })})</span>
              </>
            ) : (
              c.planId
            )}
          </dd>
        </div>
      )}
      {c.resetOf && (
        <div>
          <dt>{t('ch.resetOf')}</dt>
          <dd>
            <Link to="/challenges/$id" params={{ id: c.resetOf }}>
              {t('ch.resetOf')} →
            </Link>
          </dd>
        </div>
      )}
      {detail.resets.length > 0 && (
        <div>
          <dt>{t('ch.resets')}</dt>
          <dd>
            {detail.resets.map((id, i) => (
              <Link key={id} to="/challenges/$id" params={{ id }}>
                {i > 0 ? ', ' : ''}#{i + 1} →
              </Link>
            ))}
          </dd>
        </div>
      )}
    </>
  );
}
