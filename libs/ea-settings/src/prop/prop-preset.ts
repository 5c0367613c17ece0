import { defaultCatalog } from '../catalog/default.js';
import type { Catalog, ParamValue } from '../catalog/types.js';
import { formatSetValue } from '../catalog/values.js';
import { EaSettingsError } from '../errors.js';
import type { PropFirmRules } from '../firm.js';
import { lt, type LocalizedText } from '../text/i18n.js';
import { dailyBasisFor, drawdownBasisFor, insideLimit } from './limits.js';

export interface PropPresetInput {
  firmRules: PropFirmRules;
  /** Account size in `currency`; when given, limits are also shown as money. */
  accountSize?: number;
  currency?: string;
}

export interface PresetRecommendation {
  number: string;
  name: string;
  /** Value as written in an MT5 `.set`. */
  value: string;
  reason: LocalizedText;
  /** The same limit in money for the account size, when it is a % limit and the size is known. */
  money: { amount: number; currency: string | null } | null;
}

export interface PropPresetResult {
  firm: string;
  accountSize: number | null;
  currency: string | null;
  recommendations: PresetRecommendation[];
  switchOff: PresetRecommendation[];
  cautions: Array<{ code: string; message: LocalizedText }>;
  /** The recommendations and switch-offs as `buildSet` changes (apply them over the `prop-challenge` preset). */
  changes: Array<{ ref: string; value: string }>;
}

type Rec = { name: string; value: ParamValue; reason: LocalizedText; percentOfAccount?: number };

const round2 = (n: number): number => Math.round(n * 100) / 100;
/** Risk per trade we suggest when the firm sets none: small enough for several losers in a day. */
const DEFAULT_RISK_PERCENT = 0.5;

function lossLimits(f: PropFirmRules): Rec[] {
  const out: Rec[] = [];
  if (f.dailyLossPercent !== null) {
    const v = insideLimit(f.dailyLossPercent);
    out.push({
      name: 'DailyLossGuardEnabled',
      value: true,
      reason: lt(
        `${f.firm}には日次損失の上限（${f.dailyLossPercent}%）があります。`,
        `${f.firm} has a daily loss limit (${f.dailyLossPercent}%).`,
      ),
    });
    out.push({
      name: 'DailyLossPercent',
      value: v,
      percentOfAccount: v,
      reason: lt(
        `ファームの${f.dailyLossPercent}%より安全幅を取った${v}%で止めます（スリッページや窓で超えないため）。`,
        `Stops at ${v}%, a safety margin inside the firm's ${f.dailyLossPercent}% (slippage and gaps).`,
      ),
    });
    out.push({
      name: 'DailyLossIncludeFloating',
      value: true,
      reason: lt('ファームの日次損失は通常含み損も数えます。', 'Firms usually count floating losses in the daily loss.'),
    });
    const basis = dailyBasisFor(f.dailyLossBasis);
    if (basis !== null)
      out.push({
        name: 'DailyLossBasis',
        value: basis,
        reason: lt(
          `ファームと同じ基準（${f.dailyLossBasis}）で1日の損失を測ります。`,
          `Measures the day like the firm does (${f.dailyLossBasis}).`,
        ),
      });
  }
  if (f.maxLossPercent !== null) {
    const v = insideLimit(f.maxLossPercent);
    out.push({
      name: 'MaxDrawdownGuardEnabled',
      value: true,
      reason: lt(
        `${f.firm}には最大損失の上限（${f.maxLossPercent}%）があります。`,
        `${f.firm} has a maximum loss limit (${f.maxLossPercent}%).`,
      ),
    });
    out.push({
      name: 'MaxDrawdownPercent',
      value: v,
      percentOfAccount: v,
      reason: lt(`ファームの${f.maxLossPercent}%より内側の${v}%で止めます。`, `Stops at ${v}%, inside the firm's ${f.maxLossPercent}%.`),
    });
    const basis = drawdownBasisFor(f.maxLossType);
    if (basis !== null)
      out.push({
        name: 'MaxDrawdownBasis',
        value: basis,
        reason: lt(
          `ファームの最大損失の方式（${f.maxLossType}）に合わせます。`,
          `Follows the firm's maximum-loss type (${f.maxLossType}).`,
        ),
      });
  }
  return out;
}

function tradeRules(f: PropFirmRules): Rec[] {
  const out: Rec[] = [];
  const risk = Math.min(DEFAULT_RISK_PERCENT, f.maxRiskPerTradePercent ?? DEFAULT_RISK_PERCENT);
  out.push({
    name: 'LotMode',
    value: 1,
    reason: lt(
      '損切り幅からロットを計算し、1トレードの損失を一定にします。',
      'Sizes each lot from the stop distance so every loss is the same share of the account.',
    ),
  });
  out.push({
    name: 'RiskPercent',
    value: risk,
    percentOfAccount: risk,
    reason:
      f.maxRiskPerTradePercent !== null
        ? lt(
            `ファームの1トレード上限${f.maxRiskPerTradePercent}%以内の${risk}%にします。`,
            `${risk}%, within the firm's ${f.maxRiskPerTradePercent}% per-trade cap.`,
          )
        : lt(`数回連続で負けても日次上限に届かない${risk}%にします。`, `${risk}%, so a few losses in a row stay far from the daily limit.`),
  });
  if (f.dailyLossPercent !== null) {
    const positions = Math.max(1, Math.floor(insideLimit(f.dailyLossPercent) / risk / 2));
    out.push({
      name: 'MaxOpenPositions',
      value: Math.min(positions, 5),
      reason: lt(
        '全ポジションが同時に損切りされても日次上限の半分以内に収まる数です。',
        'All positions stopping out together stays within half the daily limit.',
      ),
    });
  }
  if (f.newsTrading === 'banned' || f.newsTrading === 'restricted') {
    const minutes = Math.max(f.newsWindowMinutes ?? 30, 2);
    out.push({
      name: 'NewsFilterEnabled',
      value: true,
      reason: lt(`${f.firm}はニュース時の取引を制限しています。`, `${f.firm} restricts trading around news.`),
    });
    out.push({
      name: 'NewsMinutesBefore',
      value: minutes,
      reason: lt(`指標の${minutes}分前から新規エントリーを止めます。`, `No entries from ${minutes} minutes before a release.`),
    });
    out.push({
      name: 'NewsMinutesAfter',
      value: minutes,
      reason: lt(`指標の${minutes}分後まで止めます。`, `No entries until ${minutes} minutes after.`),
    });
    if (f.newsTrading === 'banned')
      out.push({
        name: 'NewsCloseBefore',
        value: true,
        reason: lt(
          'ニュース中に損切り・利確が約定しても違反になり得るため、事前に決済します。',
          'Stops or targets filled during news can count as violations, so positions close before.',
        ),
      });
  }
  if (f.weekendHolding === 'banned') {
    out.push({
      name: 'FridayCloseEnabled',
      value: true,
      reason: lt(`${f.firm}は週末の持ち越しを禁止しています。`, `${f.firm} bans weekend holding.`),
    });
    out.push({
      name: 'WeekendCloseAll',
      value: true,
      reason: lt('金曜の決済時刻に全ポジションを決済します。', 'Closes everything at the Friday close time.'),
    });
  }
  return out;
}

function switchOffs(f: PropFirmRules): Rec[] {
  const out: Rec[] = [
    {
      name: 'GridEnabled',
      value: false,
      reason: lt(
        'ナンピンは1トレードのリスクを何倍にもし、日次上限を一度で超えやすくします。',
        "Grid averaging multiplies one trade's risk and can breach the daily limit in one move.",
      ),
    },
    {
      name: 'MartingaleEnabled',
      value: false,
      reason: lt(
        'マーチンゲールは連敗時にロットが急増し、多くのファームで禁止されています。',
        'Martingale grows the lot fast in a losing streak and is banned by many firms.',
      ),
    },
  ];
  if (f.hedging === 'banned')
    out.push({ name: 'AllowHedging', value: false, reason: lt(`${f.firm}は両建てを禁止しています。`, `${f.firm} bans hedging.`) });
  return out;
}

function cautionsFor(f: PropFirmRules): Array<{ code: string; message: LocalizedText }> {
  const out: Array<{ code: string; message: LocalizedText }> = [];
  if (f.eaPolicy === 'banned')
    out.push({
      code: 'ea_banned',
      message: lt(
        `${f.firm}はEAを禁止しています。この口座ではEAを使わないでください。`,
        `${f.firm} bans EAs; do not use this EA on that account.`,
      ),
    });
  if (f.eaPolicy === 'restricted')
    out.push({
      code: 'ea_restricted',
      message: lt(`${f.firm}はEAに条件を付けています。規約を確認してください。`, `${f.firm} restricts EAs; check its terms.`),
    });
  const unknown: Array<[keyof PropFirmRules, string, string]> = [
    ['dailyLossPercent', '日次損失の上限', 'daily loss limit'],
    ['maxLossPercent', '最大損失の上限', 'maximum loss limit'],
    ['eaPolicy', 'EAの可否', 'EA policy'],
    ['newsTrading', 'ニュース時の取引', 'news trading rule'],
    ['weekendHolding', '週末の持ち越し', 'weekend holding rule'],
    ['hedging', '両建て', 'hedging rule'],
  ];
  for (const [key, ja, en] of unknown) {
    if (f[key] === null)
      out.push({
        code: `unknown_${key}`,
        message: lt(
          `${f.firm}の${ja}は不明です。推測せずに規約で確認してください。`,
          `${f.firm}'s ${en} is unknown; check the firm's terms rather than guessing.`,
        ),
      });
  }
  out.push({
    code: 'server_day_change',
    message: lt(
      '日次リセット時刻（DailyResetHour）をファームの日付切り替え時刻（サーバー時刻）に合わせてください。',
      "Set DailyResetHour to the firm's day change in server time.",
    ),
  });
  return out;
}

/** `ea_prop_preset`: recommended values for a prop firm, each explained, plus what to switch off and cautions. */
export function propPreset(input: PropPresetInput, catalog: Catalog = defaultCatalog()): PropPresetResult {
  const f = input.firmRules;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- published API: JS callers are not type-checked, so the input is checked at run time
  if (!f || typeof f.firm !== 'string') throw new EaSettingsError('invalid_argument', 'firmRules.firm is required', 'firmRules.firm');
  const size = input.accountSize;
  if (size !== undefined && (typeof size !== 'number' || !Number.isFinite(size) || size <= 0)) {
    throw new EaSettingsError('invalid_argument', 'accountSize must be a positive number', 'accountSize');
  }
  const currency = input.currency ?? null;
  const toView = (r: Rec): PresetRecommendation[] => {
    const p = catalog.byName.get(r.name);
    if (!p) return [];
    const money =
      size !== undefined && r.percentOfAccount !== undefined ? { amount: round2((size * r.percentOfAccount) / 100), currency } : null;
    return [{ number: p.number, name: p.name, value: formatSetValue(p, r.value, 'mt5'), reason: r.reason, money }];
  };
  const recommendations = [...lossLimits(f), ...tradeRules(f)].flatMap(toView);
  const switchOff = switchOffs(f).flatMap(toView);
  if (size !== undefined) {
    const initial = catalog.byName.get('InitialBalance');
    if (initial)
      recommendations.push({
        number: initial.number,
        name: initial.name,
        value: formatSetValue(initial, size, 'mt5'),
        reason: lt(
          'ドローダウンの基準をチャレンジ開始時の口座サイズに固定します。',
          'Pins the drawdown basis to the account size the challenge started with.',
        ),
        money: null,
      });
  }
  return {
    firm: f.firm,
    accountSize: size ?? null,
    currency,
    recommendations,
    switchOff,
    cautions: cautionsFor(f),
    changes: [...recommendations, ...switchOff].map((r) => ({ ref: r.name, value: r.value })),
  };
}
