import type { PropFirmRules } from '../firm.js';
import { dailyBasisFor, drawdownBasisFor, insideLimit } from '../prop/limits.js';
import { lt, type LocalizedText } from '../text/i18n.js';
import type { Rule, Values } from './rule.js';

type FirmRule = Rule<PropFirmRules>;

function newsWindowRule(target: 'NewsMinutesBefore' | 'NewsMinutesAfter', ja: string, en: string): FirmRule {
  return {
    code: target === 'NewsMinutesBefore' ? 'firm_news_window_before_short' : 'firm_news_window_after_short',
    severity: (_v, f) => (f.newsTrading === 'banned' ? 'error' : 'warning'),
    target,
    inputs: ['NewsFilterEnabled', target],
    broken: (v, f) =>
      f.newsTrading !== 'allowed' &&
      f.newsTrading !== null &&
      f.newsWindowMinutes !== null &&
      v.b('NewsFilterEnabled') &&
      v.n(target) < f.newsWindowMinutes,
    fix: (_v, f) => f.newsWindowMinutes,
    message: (v, f) =>
      lt(
        `${f.firm}はニュースの${ja}${f.newsWindowMinutes}分の取引を制限していますが、設定は${v.n(target)}分です。`,
        `${f.firm} restricts trading ${f.newsWindowMinutes} minutes ${en} news, but this is ${v.n(target)} minutes.`,
      ),
  };
}

function averagingRule(target: 'GridEnabled' | 'MartingaleEnabled', ja: string, en: string): FirmRule {
  return {
    code: target === 'GridEnabled' ? 'firm_grid_enabled' : 'firm_martingale_enabled',
    severity: 'warning',
    target,
    inputs: [target],
    broken: (v, f) => v.b(target) && (f.maxRiskPerTradePercent !== null || f.eaPolicy === 'restricted'),
    fix: () => false,
    message: (_v, f) =>
      lt(
        `${ja}は1トレードのリスクを何倍にも増やします。${f.firm}のリスク規定やEA規定に触れる恐れがあります。`,
        `${en} multiplies the risk of one trade; it can breach ${f.firm}'s risk or EA rules.`,
      ),
  };
}

function limitRules(kind: 'daily' | 'total'): FirmRule[] {
  const daily = kind === 'daily';
  const guard = daily ? 'DailyLossGuardEnabled' : 'MaxDrawdownGuardEnabled';
  const percent = daily ? 'DailyLossPercent' : 'MaxDrawdownPercent';
  const limit = (f: PropFirmRules): number | null => (daily ? f.dailyLossPercent : f.maxLossPercent);
  const name: LocalizedText = daily ? lt('日次損失', 'daily loss') : lt('最大損失', 'maximum loss');
  const moneyOverride = (v: Values): boolean => daily && v.n('DailyLossMoney') > 0;
  return [
    {
      code: daily ? 'firm_daily_loss_guard_off' : 'firm_max_loss_guard_off',
      severity: 'error',
      target: guard,
      inputs: [guard],
      broken: (v, f) => limit(f) !== null && !v.b(guard),
      fix: () => true,
      message: (_v, f) =>
        lt(
          `${f.firm}には${name.ja}の上限（${limit(f)}%）がありますが、EAのガードがオフです。`,
          `${f.firm} has a ${name.en} limit of ${limit(f)}% but the EA's guard is off.`,
        ),
    },
    {
      code: daily ? 'firm_daily_loss_looser_than_firm' : 'firm_max_loss_looser_than_firm',
      severity: 'error',
      target: percent,
      inputs: [guard, percent, 'DailyLossMoney'],
      broken: (v, f) => {
        const l = limit(f);
        return l !== null && v.b(guard) && !moneyOverride(v) && v.n(percent) >= l;
      },
      fix: (_v, f) => insideLimit(limit(f) ?? 0),
      message: (v, f) =>
        lt(
          `EAの${name.ja}上限${v.n(percent)}%が${f.firm}の上限${limit(f)}%以上です。EAが止まる前にファームの規定違反になります。`,
          `The EA's ${name.en} limit of ${v.n(percent)}% is not inside ${f.firm}'s ${limit(f)}%; the account fails before the EA stops.`,
        ),
    },
    {
      code: daily ? 'firm_daily_loss_no_margin' : 'firm_max_loss_no_margin',
      severity: 'warning',
      target: percent,
      inputs: [guard, percent, 'DailyLossMoney'],
      broken: (v, f) => {
        const l = limit(f);
        return l !== null && v.b(guard) && !moneyOverride(v) && v.n(percent) < l && v.n(percent) > insideLimit(l);
      },
      fix: (_v, f) => insideLimit(limit(f) ?? 0),
      message: (v, f) =>
        lt(
          `EAの${name.ja}上限${v.n(percent)}%は${f.firm}の${limit(f)}%に近すぎます。スリッページや窓で超える恐れがあるため${insideLimit(limit(f) ?? 0)}%を勧めます。`,
          `The EA's ${name.en} limit of ${v.n(percent)}% is too close to ${f.firm}'s ${limit(f)}%; slippage or a gap can cross it. ${insideLimit(limit(f) ?? 0)}% is recommended.`,
        ),
    },
  ];
}

/** Conflicts between the settings and a prop firm's rules; a rule with `null` (unknown) facts never fires. */
export const firmRules: readonly FirmRule[] = [
  ...limitRules('daily'),
  ...limitRules('total'),
  {
    code: 'firm_daily_basis_mismatch',
    severity: 'warning',
    target: 'DailyLossBasis',
    inputs: ['DailyLossGuardEnabled', 'DailyLossBasis'],
    broken: (v, f) => {
      const b = dailyBasisFor(f.dailyLossBasis);
      return f.dailyLossPercent !== null && b !== null && v.b('DailyLossGuardEnabled') && v.n('DailyLossBasis') !== b;
    },
    fix: (_v, f) => dailyBasisFor(f.dailyLossBasis),
    message: (_v, f) =>
      lt(
        `${f.firm}は日次損失を「${f.dailyLossBasis}」で測りますが、EAの基準が違います。同じ%でも損失額がずれます。`,
        `${f.firm} measures the daily loss from ${f.dailyLossBasis}, but the EA uses another basis, so the same % means a different amount.`,
      ),
  },
  {
    code: 'firm_daily_loss_excludes_floating',
    severity: 'warning',
    target: 'DailyLossIncludeFloating',
    inputs: ['DailyLossGuardEnabled', 'DailyLossIncludeFloating'],
    broken: (v, f) => f.dailyLossPercent !== null && v.b('DailyLossGuardEnabled') && !v.b('DailyLossIncludeFloating'),
    fix: () => true,
    message: (_v, f) =>
      lt(
        `日次損失に含み損を含めていません。${f.firm}を含め多くのファームは含み損も数えます。`,
        `The daily loss ignores floating losses; most firms, ${f.firm} included, count them.`,
      ),
  },
  {
    code: 'firm_max_loss_type_mismatch',
    severity: 'warning',
    target: 'MaxDrawdownBasis',
    inputs: ['MaxDrawdownGuardEnabled', 'MaxDrawdownBasis'],
    broken: (v, f) => {
      const b = drawdownBasisFor(f.maxLossType);
      return f.maxLossPercent !== null && b !== null && v.b('MaxDrawdownGuardEnabled') && v.n('MaxDrawdownBasis') !== b;
    },
    fix: (_v, f) => drawdownBasisFor(f.maxLossType),
    message: (_v, f) =>
      lt(
        `${f.firm}の最大損失は「${f.maxLossType}」方式ですが、EAのドローダウン基準が違います。`,
        `${f.firm}'s maximum loss is ${f.maxLossType}, but the EA measures drawdown differently.`,
      ),
  },
  {
    code: 'firm_ea_banned',
    severity: 'error',
    target: 'EnableTrading',
    inputs: ['EnableTrading'],
    broken: (_v, f) => f.eaPolicy === 'banned',
    fix: () => null,
    message: (_v, f) =>
      lt(
        `${f.firm}はEAの使用を禁止しています。この口座ではEAを使わないでください。`,
        `${f.firm} bans EAs; do not run this EA on that account.`,
      ),
  },
  {
    code: 'firm_ea_restricted',
    severity: 'warning',
    target: 'EnableTrading',
    inputs: ['EnableTrading'],
    broken: (_v, f) => f.eaPolicy === 'restricted',
    fix: () => null,
    message: (_v, f) =>
      lt(
        `${f.firm}はEAの使用に条件を付けています。取引管理用のEAが許されるか規約を確認してください。`,
        `${f.firm} restricts EAs; check that a trade-management EA is allowed.`,
      ),
  },
  {
    code: 'firm_news_filter_off',
    severity: (_v, f) => (f.newsTrading === 'banned' ? 'error' : 'warning'),
    target: 'NewsFilterEnabled',
    inputs: ['NewsFilterEnabled'],
    broken: (v, f) => (f.newsTrading === 'banned' || f.newsTrading === 'restricted') && !v.b('NewsFilterEnabled'),
    fix: () => true,
    message: (_v, f) =>
      lt(
        `${f.firm}はニュース時の取引を制限していますが、ニュースフィルターがオフです。`,
        `${f.firm} restricts news trading but the news filter is off.`,
      ),
  },
  newsWindowRule('NewsMinutesBefore', '前', 'before'),
  newsWindowRule('NewsMinutesAfter', '後', 'after'),
  {
    code: 'firm_news_positions_held',
    severity: 'warning',
    target: 'NewsCloseBefore',
    inputs: ['NewsCloseBefore'],
    broken: (v, f) => f.newsTrading === 'banned' && !v.b('NewsCloseBefore'),
    fix: () => true,
    message: (_v, f) =>
      lt(
        `${f.firm}はニュース時の取引を禁止しています。指標前に保有ポジションを決済しないと、指標中の損切り・利確も違反になることがあります。`,
        `${f.firm} bans news trading; stops or targets hit during the news can count as a violation unless positions are closed before.`,
      ),
  },
  {
    code: 'firm_weekend_holding',
    severity: 'error',
    target: 'WeekendCloseAll',
    inputs: ['WeekendCloseAll'],
    broken: (v, f) => f.weekendHolding === 'banned' && !v.b('WeekendCloseAll'),
    fix: () => true,
    message: (_v, f) =>
      lt(
        `${f.firm}は週末の持ち越しを禁止していますが、「週末前に全決済」がオフです。`,
        `${f.firm} bans holding over the weekend but "close all before weekend" is off.`,
      ),
  },
  {
    code: 'firm_weekend_friday_close_off',
    severity: 'error',
    target: 'FridayCloseEnabled',
    inputs: ['FridayCloseEnabled'],
    broken: (v, f) => f.weekendHolding === 'banned' && !v.b('FridayCloseEnabled'),
    fix: () => true,
    message: (_v, f) =>
      lt(
        `${f.firm}は週末の持ち越しを禁止しています。金曜決済をオンにしてください。`,
        `${f.firm} bans weekend holding; turn the Friday close on.`,
      ),
  },
  {
    code: 'firm_risk_per_trade_exceeded',
    severity: 'error',
    target: 'RiskPercent',
    inputs: ['LotMode', 'RiskPercent'],
    broken: (v, f) => f.maxRiskPerTradePercent !== null && v.n('LotMode') === 1 && v.n('RiskPercent') > f.maxRiskPerTradePercent,
    fix: (_v, f) => f.maxRiskPerTradePercent,
    message: (v, f) =>
      lt(
        `1トレードのリスク${v.n('RiskPercent')}%が${f.firm}の上限${f.maxRiskPerTradePercent}%を超えています。`,
        `${v.n('RiskPercent')}% per trade exceeds ${f.firm}'s ${f.maxRiskPerTradePercent}% limit.`,
      ),
  },
  {
    code: 'firm_risk_per_trade_unchecked',
    severity: 'warning',
    target: 'LotMode',
    inputs: ['LotMode'],
    broken: (v, f) => f.maxRiskPerTradePercent !== null && v.n('LotMode') !== 1,
    fix: () => 1,
    message: (_v, f) =>
      lt(
        `${f.firm}には1トレードのリスク上限（${f.maxRiskPerTradePercent}%）があります。%リスク方式にすると上限を守れます。`,
        `${f.firm} caps risk per trade at ${f.maxRiskPerTradePercent}%; risk-% lot sizing keeps you within it.`,
      ),
  },
  {
    code: 'firm_hedging_banned',
    severity: 'error',
    target: 'AllowHedging',
    inputs: ['AllowHedging'],
    broken: (v, f) => f.hedging === 'banned' && v.b('AllowHedging'),
    fix: () => false,
    message: (_v, f) => lt(`${f.firm}は両建てを禁止しています。`, `${f.firm} bans hedging.`),
  },
  {
    code: 'firm_total_risk_exceeds_daily',
    severity: 'warning',
    target: 'MaxOpenPositions',
    inputs: ['LotMode', 'RiskPercent', 'MaxOpenPositions'],
    broken: (v, f) =>
      f.dailyLossPercent !== null && v.n('LotMode') === 1 && v.n('RiskPercent') * v.n('MaxOpenPositions') >= f.dailyLossPercent,
    fix: (v, f) => Math.max(1, Math.floor(insideLimit(f.dailyLossPercent ?? 0) / Math.max(0.01, v.n('RiskPercent')))),
    message: (v, f) =>
      lt(
        `全ポジションが損切りされると${(v.n('RiskPercent') * v.n('MaxOpenPositions')).toFixed(2)}%の損失で、${f.firm}の日次上限${f.dailyLossPercent}%に届きます。`,
        `If every position stops out you lose ${(v.n('RiskPercent') * v.n('MaxOpenPositions')).toFixed(2)}%, reaching ${f.firm}'s ${f.dailyLossPercent}% daily limit.`,
      ),
  },
  averagingRule('GridEnabled', 'ナンピン', 'Grid averaging'),
  averagingRule('MartingaleEnabled', 'マーチンゲール', 'Martingale'),
];
