import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en.js';
import { ja } from './ja.js';

export type Lang = 'ja' | 'en';
/** Partial: a bundle whose dictionary lacks a key at run time still shows the English text (see `t`). */
const DICTS: Record<Lang, Partial<Record<MessageKey, string>>> = { ja, en };
const STORAGE_KEY = 'propfolio.lang';

/** Japanese when the browser prefers it (or was switched to it before), English otherwise. */
function initialLang(): Lang {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (saved === 'ja' || saved === 'en') return saved;
  // Older browsers and embedded views lack navigator.languages although the DOM types promise it.
  const languages: readonly string[] | undefined = typeof navigator === 'undefined' ? undefined : navigator.languages;
  const preferred = typeof navigator === 'undefined' ? [] : (languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ja') return 'ja';
    if (base === 'en') return 'en';
  }
  return 'en';
}

export interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  money: (amount: number, currency: string) => string;
  number: (value: number, digits?: number) => string;
  percent: (value: number) => string;
  /** A calendar day (YYYY-MM-DD), shown without any time-zone shift. */
  date: (iso: string | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
}

const locale = (lang: Lang) => (lang === 'ja' ? 'ja-JP' : 'en-US');
const moneyFormats = new Map<string, Intl.NumberFormat>();

function makeI18n(lang: Lang, setLang: (lang: Lang) => void): I18n {
  const dict = DICTS[lang];
  const loc = locale(lang);
  const dateFmt = new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTimeFmt = new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    setLang,
    t: (key, vars) => {
      const text = dict[key] ?? en[key];
      return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
    },
    money: (amount, currency) => {
      const id = `${loc}:${currency}`;
      let fmt = moneyFormats.get(id);
      if (!fmt) {
        try {
          fmt = new Intl.NumberFormat(loc, { style: 'currency', currency, maximumFractionDigits: 4 });
        } catch {
          fmt = new Intl.NumberFormat(loc, { maximumFractionDigits: 4 });
        }
        moneyFormats.set(id, fmt);
      }
      return fmt.format(amount);
    },
    number: (value, digits = 2) => new Intl.NumberFormat(loc, { maximumFractionDigits: digits }).format(value),
    percent: (value) => `${new Intl.NumberFormat(loc, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value)}%`,
    date: (iso) => (iso ? dateFmt.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)) : '—'),
    dateTime: (iso) => (iso ? dateTimeFmt.format(new Date(iso)) : '—'),
  };
}

const I18nContext = createContext<I18n>(makeI18n('en', () => undefined));

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLangState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = lang === 'ja' ? 'Propfolio ダッシュボード' : 'Propfolio dashboard';
  }, [lang]);
  const value = useMemo(() => makeI18n(lang, setLang), [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
