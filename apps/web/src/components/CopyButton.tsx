import { useState } from 'react';
import { useI18n } from '../i18n/i18n.js';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard can be refused (insecure origin, permissions): select-and-copy by hand still works.
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" onClick={() => void copy()} aria-label={label ? `${t('common.copy')}: ${label}` : t('common.copy')}>
      <span aria-live="polite">{copied ? t('common.copied') : t('common.copy')}</span>
    </button>
  );
}

/** A code block with its copy button. */
export function CodeBlock({ text, label }: { text: string; label: string }) {
  return (
    <div className="code-block">
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label={label} />
    </div>
  );
}
