import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { moneyText } from '@propfolio/coach';
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
  /** A message, `{name}` filled from `vars`; with a numeric `n`, its `.one` form for one where it has one. */
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  /**
   * A count in words, by the language's plural rules: `${base}.one` / `${base}.other` (Japanese has only `other`),
   * `{n}` filled with the number ("1 error", "2 errors", "エラー1件").
   */
  tn: (base: PluralBase, n: number, vars?: Record<string, string | number>) => string;
  /** An exact amount (up to 4 decimals; none for a currency without minor units, such as JPY). */
  money: (amount: number, currency: string) => string;
  /** An amount rounded to the currency's minor units (2 for USD, 0 for JPY): gauges and computed figures. */
  moneyRounded: (amount: number, currency: string) => string;
  number: (value: number, digits?: number) => string;
  percent: (value: number) => string;
  /** A calendar day (YYYY-MM-DD), shown without any time-zone shift. */
  date: (iso: string | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
}

/** The message bases that have plural forms: each has at least `${base}.other` in every dictionary. */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

const locale = (lang: Lang) => (lang === 'ja' ? 'ja-JP' : 'en-US');
function makeI18n(lang: Lang, setLang: (lang: Lang) => void): I18n {
  const dict = DICTS[lang];
  const loc = locale(lang);
  const dateFmt = new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTimeFmt = new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeStyle: 'short' });
  const plurals = new Intl.PluralRules(loc);
  const numberFmt = new Intl.NumberFormat(loc);
  const t: I18n['t'] = (key, vars) => {
    // A count `{n}` takes the message's `${key}.one` form where the language's rules say one ("1 day", not "1 days").
    const form = typeof vars?.n === 'number' ? (`${key}.${plurals.select(vars.n)}` as MessageKey) : null;
    const text = (form === null ? undefined : (dict[form] ?? en[form])) ?? dict[key] ?? en[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
  return {
    lang,
    setLang,
    t,
    tn: (base, n, vars) => {
      const exact = `${base}.${plurals.select(n)}` as MessageKey;
      const key = exact in dict || exact in en ? exact : (`${base}.other` as MessageKey);
      return t(key, { ...vars, n: numberFmt.format(n) });
    },
    // The formatter the alerts' messages use too (libs/coach), so a message and the page show one amount alike.
    money: (amount, currency) => moneyText(amount, currency, lang),
    moneyRounded: (amount, currency) => moneyText(amount, currency, lang, { rounded: true }),
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
