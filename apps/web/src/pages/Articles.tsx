import { useState } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { pub } from '../lib/api.js';

import { useI18n } from '../i18n/i18n.js';
import { Field } from '../components/Field.js';
import { QueryView } from '../components/states.js';
import { Markdown, Snippet } from '../lib/markdown.js';

export function ArticlesPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const { q, language: chosen } = useSearch({ from: '/articles' });
  const navigate = useNavigate({ from: '/articles' });
  const [text, setText] = useState(q ?? '');
  // Articles in the UI's language unless the reader picks the other one or both (the API's `language` filter).
  const language = chosen ?? i18n.lang;
  const hits = useQuery({
    queryKey: ['articles', q ?? '', language],
    queryFn: () => pub.get('/articles', { q, language: language === 'all' ? undefined : language, limit: 50 }),
  });
  return (
    <section>
      <h1>{t('art.title')}</h1>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ search: { q: text.trim() || undefined, language: chosen } });
        }}
      >
        <Field label={t('art.query')} type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">{t('common.search')}</button>
      </form>
      <fieldset className="segmented article-language">
        <legend>{t('art.language')}</legend>
        {(['ja', 'en', 'all'] as const).map((l) => (
          <label key={l}>
            <input
              type="radio"
              name="article-language"
              value={l}
              checked={language === l}
              onChange={() => void navigate({ search: { q, language: l === i18n.lang ? undefined : l } })}
            />
            <span>{t(`art.lang.${l}`)}</span>
          </label>
        ))}
      </fieldset>
      <QueryView query={hits} isEmpty={(d) => d.items.length === 0} empty={language === 'all' ? t('art.empty') : t('art.emptyOther')}>
        {(d) => (
          <ul className="list articles" aria-live="polite">
            {d.items.map((a) => (
              <li key={a.slug} className="card" lang={a.language}>
                <h2>
                  <Link to="/articles/$slug" params={{ slug: a.slug }}>
                    {a.title}
                  </Link>
                </h2>
                <p>{a.snippet ? <Snippet text={a.snippet} /> : a.summary}</p>
                <p className="muted">
                  {t('cat.checkedOn')}: {i18n.date(a.checkedOn)} · {a.tags.join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

export function ArticlePage() {
  const i18n = useI18n();
  const { t } = i18n;
  const { slug } = useParams({ from: '/articles/$slug' });
  const article = useQuery({ queryKey: ['article', slug], queryFn: () => pub.get(`/articles/${encodeURIComponent(slug)}`) });
  return (
    <section>
      <p>
        <Link to="/articles" search={{ q: undefined, language: undefined }}>
          ← {t('art.back')}
        </Link>
      </p>
      <QueryView query={article}>
        {(a) => (
          <article className="prose" lang={a.language}>
            <h1>{a.title}</h1>
            <p className="muted">
              {t('art.published')}: {i18n.date(a.publishedAt)} · {t('cat.checkedOn')}: {i18n.date(a.checkedOn)}
            </p>
            <p className="lead">{a.summary}</p>
            <Markdown source={a.body} />
          </article>
        )}
      </QueryView>
    </section>
  );
}
