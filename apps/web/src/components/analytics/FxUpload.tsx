import { useState, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n.js';
import { importFxRates } from '../../lib/analytics.js';
import { FileField } from '../Field.js';
import { FormError } from '../states.js';

/** Uploads a rates CSV to the same import as `npm run fx -- import` (all or nothing, errors name the line). */
export function FxUpload() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: async (f: File) => importFxRates(await f.text()),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['analytics'] });
      void client.invalidateQueries({ queryKey: ['tax-year'] });
    },
  });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
  };
  return (
    <section className="card" aria-labelledby="an-fx">
      <h2 id="an-fx">{t('an.fx')}</h2>
      <form className="stack" onSubmit={submit}>
        <FileField
          label={t('an.fxFile')}
          hint={t('an.fxHelp')}
          choose={t('imp.choose')}
          noFile={t('eaa.noFile')}
          fileName={file?.name ?? null}
          accept=".csv,text/csv"
          required
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <FormError error={upload.error} />
        {upload.data && (
          <p role="status" className="ok" data-testid="fx-imported">
            {t('an.fxDone', {
              n: upload.data.imported,
              pairs: upload.data.pairs.join(', '),
              from: i18n.date(upload.data.from),
              to: i18n.date(upload.data.to),
            })}
          </p>
        )}
        <button type="submit" disabled={!file || upload.isPending}>
          {t('an.fxUpload')}
        </button>
      </form>
    </section>
  );
}
