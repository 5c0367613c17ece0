import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { useSession } from '../lib/session.js';
import type { AdminUser } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field } from '../components/Field.js';
import { CodeBlock } from '../components/CopyButton.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { Empty, FormError, QueryView } from '../components/states.js';

function Invites() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const invites = useQuery({ queryKey: ['admin', 'invites'], queryFn: () => app.get('/admin/invites') });
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('7');
  const create = useMutation({
    mutationFn: () => app.post('/admin/invites', { ...(email ? { email } : {}), days: Number(days) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'invites'] }),
  });
  return (
    <section className="card" aria-labelledby="inv-h">
      <h2 id="inv-h">{t('admin.invites')}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label={t('admin.inviteEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label={t('admin.inviteDays')}
          type="number"
          min={1}
          max={30}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <button type="submit" className="primary" disabled={create.isPending}>
          {t('admin.invite')}
        </button>
      </form>
      <FormError error={create.error} />
      {create.data && (
        <div role="status">
          <p>{t('admin.inviteUrl')}</p>
          <CodeBlock text={create.data.url} label={t('admin.invites')} />
        </div>
      )}
      <QueryView query={invites} isEmpty={(d) => d.items.length === 0} empty={t('admin.noInvites')}>
        {(d) => (
          <ul className="list">
            {d.items.map((inv) => (
              <li key={inv.id}>
                <span>{inv.email ?? t('common.none')}</span>
                <span className="muted">
                  {t('ea.created')} {i18n.dateTime(inv.createdAt)} ·{' '}
                  {inv.usedAt ? `${t('admin.used')} ${i18n.dateTime(inv.usedAt)}` : `${t('admin.expires')} ${i18n.dateTime(inv.expiresAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function Users() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const me = useSession().data?.user;
  const users = useQuery({ queryKey: ['admin', 'users'], queryFn: () => app.get('/admin/users') });
  const [disabling, setDisabling] = useState<AdminUser | null>(null);
  // A way back into an account: a one-time link, valid 24 hours, that the administrator passes on (like an invite).
  const resetLink = useMutation({
    mutationFn: (user: AdminUser) =>
      app.post(`/admin/users/${user.id}/password-reset`).then((r) => ({ ...r, email: user.email ?? user.name })),
  });
  const toggle = useMutation({
    mutationFn: ({ user, enable }: { user: AdminUser; enable: boolean }) =>
      app.post(`/admin/users/${user.id}/${enable ? 'enable' : 'disable'}`),
    onSuccess: () => {
      setDisabling(null);
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
  return (
    <section className="card" aria-labelledby="users-h">
      <h2 id="users-h">{t('admin.users')}</h2>
      <FormError error={toggle.error ?? resetLink.error} />
      {resetLink.data && (
        <div role="status" data-testid="reset-link">
          <p>{t('admin.resetLinkFor', { email: resetLink.data.email })}</p>
          <CodeBlock text={resetLink.data.url} label={t('admin.resetLink')} />
        </div>
      )}
      <QueryView query={users} isEmpty={(d) => d.items.length === 0}>
        {(d) => (
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('auth.email')}</th>
                  <th scope="col">{t('auth.name')}</th>
                  <th scope="col">{t('ea.created')}</th>
                  <th scope="col" className="num">
                    {t('admin.keys')}
                  </th>
                  <th scope="col">{t('ch.status')}</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((u) => (
                  <tr key={u.id}>
                    <th scope="row">
                      {u.email} {u.admin && <span className="badge">{t('nav.admin')}</span>}
                    </th>
                    <td data-label={t('auth.name')}>{u.name}</td>
                    <td data-label={t('ea.created')}>{i18n.date(u.createdAt.slice(0, 10))}</td>
                    <td className="num" data-label={t('admin.keys')}>
                      {u.keys}
                    </td>
                    <td data-label={t('ch.status')}>
                      {u.disabledAt ? (
                        <span className="badge archived">{t('admin.disabled')}</span>
                      ) : (
                        <span className="badge status-passed">{t('admin.active')}</span>
                      )}{' '}
                      {!u.disabledAt && (
                        <button type="button" onClick={() => resetLink.mutate(u)} disabled={resetLink.isPending}>
                          {t('admin.resetLink')}
                        </button>
                      )}{' '}
                      {u.id !== me?.id &&
                        (u.disabledAt ? (
                          <button type="button" onClick={() => toggle.mutate({ user: u, enable: true })}>
                            {t('admin.enable')}
                          </button>
                        ) : (
                          <button type="button" className="danger" onClick={() => setDisabling(u)}>
                            {t('admin.disable')}
                          </button>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={disabling !== null}
        danger
        title={t('admin.disable')}
        confirmLabel={t('admin.disable')}
        busy={toggle.isPending}
        onCancel={() => setDisabling(null)}
        onConfirm={() => disabling && toggle.mutate({ user: disabling, enable: false })}
      >
        <p>{t('admin.disableConfirm', { email: disabling?.email ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

export function AdminPage() {
  const { t } = useI18n();
  const session = useSession();
  if (!session.data?.user.admin) return <Empty>{t('admin.forbidden')}</Empty>;
  return (
    <section>
      <h1>{t('admin.title')}</h1>
      <Invites />
      <Users />
    </section>
  );
}
