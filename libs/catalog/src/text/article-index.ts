import { markdownToPlainText } from './plain-text.js';
import { normalizeText, textGrams } from './normalize.js';

export interface ArticleIndexFields {
  normTitle: string;
  normTags: string;
  normSummary: string;
  normBody: string;
  /** Sorted 1-, 2- and 3-grams of all four normalised fields. */
  grams: string[];
}

/** The search columns of an article: normalised copies of each field and their n-grams. */
export function articleIndexFields(article: { title: string; tags: string[]; summary: string; body: string }): ArticleIndexFields {
  const normTitle = normalizeText(article.title);
  const normTags = normalizeText(article.tags.join(' '));
  const normSummary = normalizeText(article.summary);
  const normBody = normalizeText(markdownToPlainText(article.body));
  const grams = new Set<string>();
  for (const field of [normTitle, normTags, normSummary, normBody]) for (const gram of textGrams(field)) grams.add(gram);
  return { normTitle, normTags, normSummary, normBody, grams: [...grams].sort() };
}
