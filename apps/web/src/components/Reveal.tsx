import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.js';

/**
 * A form shown only while it is used (the challenge page was a 3,100 px wall of open forms on a phone): a button
 * opens it and moves focus to its first field; its Cancel closes it. `children` gets `close` for a form that
 * closes itself after saving.
 */
export function Reveal({ label, children, className }: { label: string; children: (close: () => void) => ReactNode; className?: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open)
    return (
      <button ref={opener} type="button" className={`reveal ${className ?? ''}`} aria-expanded="false" onClick={() => setOpen(true)}>
        <span aria-hidden="true">+ </span>
        {label}
      </button>
    );
  return (
    <div ref={box} className="revealed">
      {children(() => setOpen(false))}
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
