import type { ApiError } from '../../lib/api.js';
import type { I18n } from '../../i18n/i18n.js';
import { isMessageKey } from '../states.js';
import type { ImportAnswer } from './import-answer.js';

type Notice = ImportAnswer['notices'][number];

/**
 * An import warning in the person's language, from its code and params (the answer's `notices`); the server's
 * English sentence when the dashboard does not know the code yet (a newer server).
 */
export function noticeWords(notice: Notice, english: string | undefined, t: I18n['t']): { text: string; translated: boolean } {
  const key = `imp.notice.${notice.code}`;
  if (isMessageKey(key)) return { text: t(key, notice.params), translated: true };
  return { text: english ?? notice.code, translated: false };
}

/**
 * Why a trade file was refused, in the person's language, from the problem's facts (`reason` and its params); null
 * when the refusal carries no reason the dashboard knows (a MetaTrader statement's, a newer server's).
 */
export function refusalWords(facts: ApiError['facts'], t: I18n['t']): string | null {
  const reason = facts.reason;
  const key = `imp.reason.${String(reason)}`;
  if (reason === undefined || !isMessageKey(key)) return null;
  const expectedKey = `imp.expect.${String(facts.expected)}`;
  const expected = isMessageKey(expectedKey) ? t(expectedKey) : t('imp.expect.other');
  return t(key, { ...facts, expected });
}
