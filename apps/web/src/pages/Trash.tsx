import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app } from '../lib/api.js';

import { useSession } from '../lib/session.js';
import { useI18n } from '../i18n/i18n.js';
import { FormError, QueryView } from '../components/states.js';

export function TrashPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const trashDays = useSession().data?.rules.trashRetentionDays;
  const trash = useQuery({ queryKey: ['trash'], queryFn: () => app.get('/trash') });
  const restore = useMutation({
    mutationFn: (id: string) => app.post(`/trash/${id}/restore`),
    onSuccess: () => void client.invalidateQueries(),
  });
  return (
    <section>
      <h1>{t('trash.title')}</h1>
      <p className="muted">{t('trash.intro', { days: trashDays ?? '—' })}</p>
      <FormError error={restore.error} />
      {restore.isSuccess && (
        <p role="status" className="ok">
          {t('trash.restored')}
        </p>
      )}
      <QueryView query={trash} isEmpty={(d) => d.items.length === 0} empty={t('trash.empty')}>
        {(d) => (
          <ul className="list trash">
            {d.items.map((e) => (
              <li key={e.id} className="card">
                <div>
                  <span className="badge">{t(`trash.kind.${e.kind}`)}</span> <strong>{e.label}</strong>
                  <p className="muted">
                    {t('trash.deletedAt')}: {i18n.dateTime(e.deletedAt)} · {t('trash.purgeAfter')}: {i18n.dateTime(e.purgeAfter)}
                  </p>
                  {e.kind === 'challenge' || e.kind === 'account' ? <p className="muted">{t('trash.contentsText', e.contents)}</p> : null}
                </div>
                <button
                  type="button"
                  onClick={() => restore.mutate(e.id)}
                  disabled={restore.isPending}
                  aria-label={`${t('trash.restore')}: ${e.label}`}
                >
                  {t('trash.restore')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
