import { useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { FileField } from '../Field.js';
import { FormError, Loading } from '../states.js';
import {
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
  SCREENSHOTS_PER_TRADE,
  screenshotsApi,
  screenshotSrc,
  type Screenshot,
} from './contract.js';

type Refusal = 'tooLarge' | 'badType' | 'full';

/**
 * Why a file would be refused, checked before it is sent with the server's own bounds (type by the browser's
 * reading of the file, size, count); the server still checks the bytes themselves.
 */
function refusalOf(file: File, count: number): Refusal | null {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return 'badType';
  if (file.size > SCREENSHOT_MAX_BYTES) return 'tooLarge';
  if (count >= SCREENSHOTS_PER_TRADE) return 'full';
  return null;
}

/** The server's refusals read as the same sentence as the browser's own check. */
function refusalOfAnswer(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413) return 'tooLarge';
  if (error.status === 415) return 'badType';
  if (error.status === 409) return 'full';
  return null;
}

/**
 * A trade's screenshots: thumbnails (each opens the image at full size), an upload by the file picker or by dropping
 * a file on the box, and a delete behind the house's confirm dialog. Kept by the server in its database.
 */
export function Screenshots({ tradeId }: { tradeId: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['trade-screenshots', tradeId], queryFn: () => screenshotsApi.list(tradeId) });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [caption, setCaption] = useState('');
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<Screenshot | null>(null);
  const items = list.data?.items ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: ['trade-screenshots', tradeId] });
  const upload = useMutation({
    mutationFn: (file: File) => screenshotsApi.upload(tradeId, file, caption.trim()),
    onSuccess: () => {
      setCaption('');
      void refresh();
    },
    onError: (error) => setRefusal(refusalOfAnswer(error)),
  });
  const remove = useMutation({
    mutationFn: (shot: Screenshot) => screenshotsApi.remove(tradeId, shot.id),
    onSuccess: () => {
      setDeleting(null);
      void refresh();
    },
  });
  const send = (file: File | undefined) => {
    upload.reset();
    if (!file) return;
    const refused = refusalOf(file, items.length);
    setRefusal(refused);
    if (refused === null) upload.mutate(file);
  };
  // A server without screenshots yet answers 404 or 405 for the list: the section says so instead of failing.
  const missing = list.error instanceof ApiError && (list.error.status === 404 || list.error.status === 405);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    send(e.dataTransfer.files[0]);
  };
  return (
    <section className="card trade-shots" aria-labelledby="trade-shots-title">
      <h2 id="trade-shots-title">{t('tr.shot.title')}</h2>
      {list.isPending && <Loading failures={list.failureCount} />}
      {missing && <p className="muted">{t('tr.shot.unavailable')}</p>}
      {list.isError && !missing && <FormError error={list.error} />}
      {list.isSuccess && (
        <>
          {items.length === 0 ? (
            <p className="muted">{t('tr.shot.empty')}</p>
          ) : (
            <ul className="shot-grid">
              {items.map((shot, i) => (
                <li key={shot.id}>
                  <a href={screenshotSrc(shot.url)} target="_blank" rel="noreferrer">
                    <img
                      src={screenshotSrc(shot.url)}
                      alt={shot.caption ?? t('tr.shot.alt', { n: i + 1 })}
                      loading="lazy"
                      width={160}
                      height={100}
                    />
                  </a>
                  <p className="shot-caption">
                    {shot.caption && <span>{shot.caption}</span>}{' '}
                    <span className="muted nowrap">{i18n.number(Math.ceil(shot.size / 1024), 0)} KB</span>
                  </p>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('tr.shot.deleteOf', { name: shot.caption ?? t('tr.shot.alt', { n: i + 1 }) })}
                    onClick={() => setDeleting(shot)}
                  >
                    {t('tr.shot.delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div
            className={`shot-drop${dragging ? ' dragging' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p className="muted">{t('tr.shot.drop')}</p>
            <div className="shot-inputs">
              <label className="field">
                <span>{t('tr.shot.caption')}</span>
                <input value={caption} maxLength={200} onChange={(e) => setCaption(e.target.value)} />
              </label>
              <FileField
                label={t('tr.shot.file')}
                hint={t('tr.shot.bounds', { n: SCREENSHOTS_PER_TRADE })}
                choose={t('imp.choose')}
                fileName={null}
                noFile={t('tr.shot.noFile')}
                accept={SCREENSHOT_TYPES.join(',')}
                disabled={upload.isPending}
                onChange={(e) => {
                  send(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </div>
            {upload.isPending && <p role="status">{t('tr.shot.uploading')}</p>}
            {refusal !== null ? (
              <p className="form-error" role="alert">
                {t(refusal === 'tooLarge' ? 'tr.shot.tooLarge' : refusal === 'badType' ? 'tr.shot.badType' : 'tr.shot.full', {
                  n: SCREENSHOTS_PER_TRADE,
                })}
              </p>
            ) : (
              <FormError error={upload.error} />
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tr.shot.confirmTitle')}
        confirmLabel={t('tr.shot.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('tr.shot.confirmBody')}</p>
        <FormError error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}
