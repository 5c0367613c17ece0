import { alertLabel, moneyText } from '@propfolio/coach';
import type { AlertEvent } from './alert-events.js';

/**
 * An alert's words in the recipient's language: the firm, the account, the rule, what is left (amount and
 * percent), the floor and when the firm day ends. Senders of every channel use this one text, so a Discord
 * message and an e-mail say the same thing. Amounts are exact, formatted as the dashboard formats them.
 */
export interface AlertMessage {
  readonly title: string;
  /** The e-mail subject: a fixed template with the rule only (no firm, account or channel name in a header). */
  readonly subject: string;
  readonly text: string;
}

const TITLES = {
  en: {
    daily_loss: (t: string) => `Daily loss: ${t}% or less left`,
    max_loss: (t: string) => `Maximum loss: ${t}% or less left`,
    breached: () => 'A loss floor was crossed',
    target_reached: () => 'Profit target reached',
    best_day: (t: string) => `Best-day rule: ${t}% of its limit reached`,
    tracker_silent: (t: string) => `Tracker silent for more than ${t} minutes`,
  },
  ja: {
    daily_loss: (t: string) => `日次損失: 残り ${t}% 以下`,
    max_loss: (t: string) => `最大損失: 残り ${t}% 以下`,
    breached: () => '損失の下限を割り込みました',
    target_reached: () => '利益目標に到達しました',
    best_day: (t: string) => `ベストデイ規則: 上限の ${t}% に到達`,
    tracker_silent: (t: string) => `トラッカーから ${t} 分以上データがありません`,
  },
} as const;

/** The instant in UTC, minute precision, with its zone named: the reader's own zone is unknown here. */
const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function alertMessage(event: AlertEvent): AlertMessage {
  const lang = event.language ?? 'ja';
  const threshold = event.threshold === null ? '' : String(event.threshold);
  const ruleTitle = TITLES[lang][event.rule](threshold);
  const title = `${alertLabel([event.firm, event.plan, event.accountLabel])}: ${ruleTitle}`;
  // Amounts as the dashboard shows them ($2,133.45, ¥142,970): one formatter for both.
  const money = (amount: string) => moneyText(amount, event.currency, lang);
  const lines: string[] = [];
  const pct = event.percentLeft === null ? null : `${event.percentLeft.toFixed(2)}%`;
  if (lang === 'en') {
    if (event.amountLeft !== null) lines.push(`Left: ${money(event.amountLeft)}${pct ? ` (${pct})` : ''}`);
    if (event.floor !== null) lines.push(`Floor: equity ${money(event.floor)}`);
    if (event.firmDayEndsAt !== null) lines.push(`Firm day ${event.firmDay} ends ${utcMinute(event.firmDayEndsAt)}`);
    else lines.push(`Firm day ${event.firmDay}`);
  } else {
    if (event.amountLeft !== null) lines.push(`残り: ${money(event.amountLeft)}${pct ? `（${pct}）` : ''}`);
    if (event.floor !== null) lines.push(`下限: 有効証拠金 ${money(event.floor)}`);
    if (event.firmDayEndsAt !== null) lines.push(`ファーム日 ${event.firmDay} の終了: ${utcMinute(event.firmDayEndsAt)}`);
    else lines.push(`ファーム日 ${event.firmDay}`);
  }
  return { title, subject: `[Propfolio] ${ruleTitle}`, text: [title, ...lines].join('\n') };
}
