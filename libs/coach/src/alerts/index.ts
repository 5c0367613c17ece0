export {
  type AlertRule,
  type AlertRuleSet,
  type AlertFigures,
  type AlertKey,
  DEFAULT_ALERT_RULES,
  alertKeyText,
  alertFiguresOf,
  crossedNow,
  toAnnounce,
  decideAlerts,
  trackerSilent,
} from './crossings.js';
export { type QuietBounds, quietBounds, staysQuiet } from './quiet.js';
export { crossedToday, judgesToday, todayOf } from './today.js';
// The money formatter the alerts' messages share with the dashboard (one place words an amount).
export { minorDigits, moneyText, type MoneyLanguage } from '../shared/money-text.js';
export { alertLabel, type NamedAccount, toldApartLabel } from './label.js';
export { newsWindowsAhead, type NewsAhead } from './news-ahead.js';
