import { Fragment, type ReactNode } from 'react';

/**
 * A deliberately small Markdown reader for our own articles (headings, paragraphs, lists, bold, code,
 * links). It builds React elements, never HTML strings, so article text cannot inject markup.
 */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith('**')) out.push(<strong key={m.index}>{tok.slice(2, -2)}</strong>);
    else if (tok.startsWith('`')) out.push(<code key={m.index}>{tok.slice(1, -1)}</code>);
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(tok) ?? [];
      const safe = href && /^(https?:|\/)/.test(href) ? href : undefined;
      out.push(
        safe ? (
          <a key={m.index} href={safe} rel="noopener noreferrer">
            {label}
          </a>
        ) : (
          label
        ),
      );
    }
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        const heading = /^(#{1,4})\s+(.*)$/.exec(block);
        if (heading && lines.length === 1) {
          // Both groups always take part in a match; the defaults only tell the type so.
          const [, hashes = '', text = ''] = heading;
          const level = Math.min(hashes.length + 1, 4);
          const Tag = `h${level}` as 'h2';
          return <Tag key={i}>{inline(text)}</Tag>;
        }
        if (lines.every((l) => /^\s*[-*]\s+/.test(l)))
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*]\s+/, ''))}</li>
              ))}
            </ul>
          );
        if (lines.every((l) => /^\s*\d+\.\s+/.test(l)))
          return (
            <ol key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*\d+\.\s+/, ''))}</li>
              ))}
            </ol>
          );
        if (/^```/.test(block))
          return (
            <pre key={i}>
              <code>{block.replace(/^```\w*\n?|```$/g, '')}</code>
            </pre>
          );
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {inline(l.replace(/^#{1,4}\s+/, ''))}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}

/** Search snippets mark hits with <mark>…</mark>; everything else is shown as text. */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(/(<mark>.*?<\/mark>)/g);
  return <>{parts.map((p, i) => (p.startsWith('<mark>') ? <mark key={i}>{p.slice(6, -7)}</mark> : p))}</>;
}
