import type { StatementErrorCode } from '@propfolio/mt-statements';
import type { ExpectedKind, ImportNoticeCode, TradeFileReason } from '@propfolio/trade-files';
import type { ApiError } from '../../lib/api.js';
import type { MessageKey } from '../../i18n/en.js';
import type { I18n } from '../../i18n/i18n.js';
import { isMessageKey } from '../states.js';
import type { ImportAnswer } from './import-answer.js';

type Notice = ImportAnswer['notices'][number];

/**
 * Every code the readers and the import send has its words (ja.ts must then have them too): this alias does not
 * compile while one is missing, and the wording functions below take their keys through it.
 */
type Worded<K extends MessageKey> = K;
type CodeKey = Worded<
  | `imp.notice.${ImportNoticeCode}`
  | `imp.reason.${TradeFileReason}`
  | `imp.expect.${ExpectedKind}`
  | `imp.statement.${Exclude<StatementErrorCode, 'too_large'> | 'other_login' | 'other_platform'}`
>;
const isCodeKey = (key: string): key is CodeKey => isMessageKey(key);

/**
 * An import warning in the person's language, from its code and params (the answer's `notices`); the server's
 * English sentence when the dashboard does not know the code yet (a newer server).
 */
export function noticeWords(notice: Notice, english: string | undefined, t: I18n['t']): { text: string; translated: boolean } {
  const key = `imp.notice.${notice.code}`;
  if (isCodeKey(key)) return { text: t(key, notice.params), translated: true };
  return { text: english ?? notice.code, translated: false };
}

/**
 * Why a trade file was refused, in the person's language, from the problem's facts (`reason` and its params); null
 * when the refusal carries no reason the dashboard knows (a MetaTrader statement's, a newer server's).
 */
export function refusalWords(facts: ApiError['facts'], t: I18n['t']): string | null {
  const reason = facts.reason;
  const key = `imp.reason.${String(reason)}`;
  if (reason === undefined || !isCodeKey(key)) return null;
  const expectedKey = `imp.expect.${String(facts.expected)}`;
  const expected = isCodeKey(expectedKey) ? t(expectedKey) : t('imp.expect.other');
  return t(key, { ...facts, expected });
}

/**
 * Why a MetaTrader statement was refused (the problem's `statement` code), in the person's language, followed by the
 * server's sentence, which names the deal or row in the file; null for another refusal or a code not known here.
 */
export function statementRefusalWords(facts: ApiError['facts'], english: string, t: I18n['t']): string | null {
  const key = `imp.statement.${String(facts.statement)}`;
  if (facts.statement === undefined || !isCodeKey(key)) return null;
  // The login and platform refusals say everything in their own words; the reader's ones keep its sentence (the deal).
  return facts.statement === 'other_login' || facts.statement === 'other_platform' ? t(key, facts) : `${t(key)} (${english})`;
}
