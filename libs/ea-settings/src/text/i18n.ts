export type Lang = 'ja' | 'en';

/** A text in both supported languages. */
export interface LocalizedText {
  ja: string;
  en: string;
}

export const lt = (ja: string, en: string): LocalizedText => ({ ja, en });
