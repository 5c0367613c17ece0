import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app, type AppCall } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { FormError, QueryView } from '../states.js';

type Channel = AppCall<'get', '/alert-channels'>['items'][number];

/** The user's channels with "send test" and removal (removal only here: the API and MCP never delete). */
export function ChannelList() {
  const { t, dateTime } = useI18n();
  const client = useQueryClient();
  // Read again with the log, so a card's failure warning follows the deliveries.
  const channels = useQuery({ queryKey: ['alert-channels'], queryFn: () => app.get('/alert-channels'), refetchInterval: 15_000 });
  const [removing, setRemoving] = useState<Channel | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: (id: string) => app.post(`/alert-channels/${id}/test`),
    onSuccess: (_answer, id) => {
      setTested(id);
      void client.invalidateQueries({ queryKey: ['alert-deliveries'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => app.del(`/alert-channels/${id}`),
    onSuccess: () => {
      setRemoving(null);
      void client.invalidateQueries({ queryKey: ['alert-channels'] });
      void client.invalidateQueries({ queryKey: ['alert-deliveries'] });
    },
  });
  return (
    <>
      <FormError error={test.error ?? remove.error} />
      <QueryView query={channels} isEmpty={(d) => d.items.length === 0} empty={t('alerts.channels.empty')}>
        {(d) => (
          <ul className="list alert-channels">
            {d.items.map((c) => (
              <li key={c.id} className="card">
                <div>
                  <span className="badge">{t(`alerts.kind.${c.kind}`)}</span> <strong>{c.name}</strong>
                  <p className="muted">
                    {c.target}
                    {c.secretHint ? ` · ${t('alerts.secretHint')} ${c.secretHint}` : ''} · {t('alerts.addedAt')} {dateTime(c.createdAt)}
                  </p>
                  {c.failing && (
                    <p className="error" role="status" data-testid="channel-failing">
                      {c.failing.failures === 1
                        ? t('alerts.failing.one', { when: dateTime(c.failing.at), error: c.failing.lastError })
                        : t('alerts.failing', { n: c.failing.failures, when: dateTime(c.failing.at), error: c.failing.lastError })}
                    </p>
                  )}
                  {tested === c.id && (
                    <p role="status" className="ok">
                      {t('alerts.testQueued')}
                    </p>
                  )}
                </div>
                <div className="actions">
                  <button
                    type="button"
                    onClick={() => test.mutate(c.id)}
                    disabled={test.isPending}
                    aria-label={`${t('alerts.test')}: ${c.name}`}
                  >
                    {t('alerts.test')}
                  </button>
                  <button type="button" className="danger" onClick={() => setRemoving(c)} aria-label={`${t('alerts.remove')}: ${c.name}`}>
                    {t('alerts.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmDialog
        open={removing !== null}
        title={t('alerts.remove.title')}
        confirmLabel={t('alerts.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>{t('alerts.remove.body', { name: removing?.name ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
