import { alertLabel, moneyText } from '@propfolio/coach';
import type { AlertEvent, NewsAheadFacts } from './alert-events.js';

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
    news_ahead: (t: string) => `Restricted news window within ${t} minutes, positions open`,
  },
  ja: {
    daily_loss: (t: string) => `日次損失: 残り ${t}% 以下`,
    max_loss: (t: string) => `最大損失: 残り ${t}% 以下`,
    breached: () => '損失の下限を割り込みました',
    target_reached: () => '利益目標に到達しました',
    best_day: (t: string) => `ベストデイ規則: 上限の ${t}% に到達`,
    tracker_silent: (t: string) => `トラッカーから ${t} 分以上データがありません`,
    news_ahead: (t: string) => `${t} 分以内にニュース規制時間帯（保有ポジションあり）`,
  },
} as const;

/** The instant in UTC, minute precision, with its zone named: the reader's own zone is unknown here. */
const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** An instant on a named clock, minute precision, with the zone named: "2026-12-04 14:30 Europe/Prague". */
function zonedMinute(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${timeZone}`;
}

/**
 * The reader's clock: no zone is stored per person, so a Japanese reader reads Tokyo time and an English one UTC
 * (the firm's clock is given beside it either way).
 */
const VIEWER_ZONE = { ja: 'Asia/Tokyo', en: 'UTC' } as const;

const PENALTY_TEXT = {
  en: {
    breach: 'the account fails',
    profit_removed: 'the trade’s profit is removed',
    profit_share: (p: string) => `the trade’s profit counts at ${p}%`,
  },
  ja: { breach: '口座は失格', profit_removed: 'その取引の利益は取り消し', profit_share: (p: string) => `その取引の利益は ${p}% のみ計上` },
} as const;

/** A news warning's lines: the releases, their time on the firm's clock and the reader's, the symbols and the penalty. */
function newsLines(news: NewsAheadFacts, lang: 'ja' | 'en'): string[] {
  const releases = news.releases.map((r) => `${r.title} (${r.currency})`).join(', ');
  const times = `${zonedMinute(news.at, news.firmTimeZone)} / ${zonedMinute(news.at, VIEWER_ZONE[lang])}`;
  const words = PENALTY_TEXT[lang];
  const penalty =
    news.penalty === 'profit_share'
      ? words.profit_share(news.penaltyPercent === null ? '?' : String(news.penaltyPercent))
      : words[news.penalty];
  return lang === 'en'
    ? [
        `Release: ${releases}`,
        `At: ${times}; restricted from ${zonedMinute(news.start, news.firmTimeZone)}`,
        `Open symbols affected: ${news.symbols.join(', ')}`,
        `Penalty inside the window: ${penalty}`,
      ]
    : [
        `指標: ${releases}`,
        `発表: ${times}（規制開始 ${zonedMinute(news.start, news.firmTimeZone)}）`,
        `対象の保有銘柄: ${news.symbols.join(', ')}`,
        `規制時間内の取引: ${penalty}`,
      ];
}

export function alertMessage(event: AlertEvent): AlertMessage {
  const lang = event.language ?? 'ja';
  const threshold = event.threshold === null ? '' : String(event.threshold);
  const ruleTitle = TITLES[lang][event.rule](threshold);
  const title = `${alertLabel([event.firm, event.plan, event.accountLabel])}: ${ruleTitle}`;
  // Amounts as the dashboard shows them ($2,133.45, ¥142,970): one formatter for both.
  const money = (amount: string) => moneyText(amount, event.currency, lang);
  const lines: string[] = [];
  if (event.news) return { title, subject: `[Propfolio] ${ruleTitle}`, text: [title, ...newsLines(event.news, lang)].join('\n') };
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
