import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { app } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import { Field, TextArea } from '../Field.js';
import { FormError } from '../states.js';
import { parseTags } from './format.js';
import type { Trade } from './types.js';

/**
 * The journal fields of one trade edited in place: tags as one comma-separated line, the note, the setup and the
 * planned risk (for R). Enter in a field saves, Escape closes and gives the focus back to the row's button.
 */
export function JournalEditor({ trade, onClose }: { trade: Trade; onClose: (saved: boolean) => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({
    tags: trade.tags.join(', '),
    note: trade.note ?? '',
    setup: trade.setup ?? '',
    plannedRisk: trade.plannedRisk === null ? '' : String(trade.plannedRisk),
  });
  // The first field takes the focus as the editor opens, for a keyboard user who pressed the row's button.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const save = useMutation({
    mutationFn: () =>
      app.patch(`/trades/${trade.id}`, {
        tags: parseTags(form.tags),
        note: form.note.trim() ? form.note : null,
        setup: form.setup.trim() ? form.setup.trim() : null,
        plannedRisk: form.plannedRisk.trim() ? Number(form.plannedRisk) : null,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['trades'] });
      void client.invalidateQueries({ queryKey: ['trade', trade.id] });
      void client.invalidateQueries({ queryKey: ['trade-stats'] });
      onClose(true);
    },
  });
  return (
    <form
      ref={formRef}
      className="trade-editor"
      aria-label={t('tr.editOf', { position: trade.position })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose(false);
        }
      }}
    >
      <Field label={t('tr.tags')} hint={t('tr.tagsHint')} value={form.tags} onChange={(e) => setForm({ ...form, tags: e.target.value })} />
      <TextArea
        label={t('tr.note')}
        maxLength={4000}
        rows={3}
        value={form.note}
        onChange={(e) => setForm({ ...form, note: e.target.value })}
      />
      <Field label={t('tr.setup')} maxLength={100} value={form.setup} onChange={(e) => setForm({ ...form, setup: e.target.value })} />
      <Field
        label={t('tr.plannedRisk')}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        value={form.plannedRisk}
        onChange={(e) => setForm({ ...form, plannedRisk: e.target.value })}
      />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={() => onClose(false)}>
          {t('common.cancel')}
        </button>
      </div>
      <FormError error={save.error} />
    </form>
  );
}
