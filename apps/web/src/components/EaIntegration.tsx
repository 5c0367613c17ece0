import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { allPages } from '../lib/queries.js';
import type { ApiKey, Scope } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, fieldSetter, SelectField } from './Field.js';
import { CodeBlock, CopyButton } from './CopyButton.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { FormError, QueryView } from './states.js';
import { challengeLabel } from '../lib/names.js';

/** MCP client set-ups for this very service (its origin), with the key to paste in. */
function mcpConfigs(origin: string, key: string) {
  const url = `${origin}/mcp`;
  const headers = { Authorization: `Bearer ${key}` };
  return {
    claude: `claude mcp add --transport http propfolio ${url} --header "Authorization: Bearer ${key}"`,
    mcpServers: JSON.stringify({ mcpServers: { propfolio: { type: 'http', url, headers } } }, null, 2),
    vscode: JSON.stringify({ servers: { propfolio: { type: 'http', url, headers } } }, null, 2),
  };
}

function Keys({ onIssued }: { onIssued: (secret: string, scope: Scope) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ['keys'], queryFn: () => app.get('/keys') });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('tracker');
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const issue = useMutation({
    mutationFn: () => app.post('/keys', { name, scope }),
    onSuccess: (r) => {
      setSecret(r.secret);
      setName('');
      onIssued(r.secret, r.key.scope);
      void client.invalidateQueries({ queryKey: ['keys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => app.post(`/keys/${id}/revoke`),
    onSuccess: () => {
      setRevoking(null);
      void client.invalidateQueries({ queryKey: ['keys'] });
    },
  });
  return (
    <section aria-labelledby="keys-h">
      <h3 id="keys-h">{t('ea.keys')}</h3>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          issue.mutate();
        }}
      >
        <Field label={t('ea.keyName')} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <SelectField label={t('ea.scope')} value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <option value="tracker">{t('ea.scope.tracker')}</option>
          <option value="full">{t('ea.scope.full')}</option>
        </SelectField>
        <button type="submit" className="primary" disabled={issue.isPending}>
          {t('ea.issue')}
        </button>
      </form>
      <FormError error={issue.error ?? revoke.error} />
      {secret && (
        <div className="secret" role="status">
          <p>{t('ea.secretOnce')}</p>
          <div className="code-block">
            <code data-testid="new-secret">{secret}</code>
            <CopyButton text={secret} label={t('ea.keys')} />
          </div>
        </div>
      )}
      <QueryView query={keys} isEmpty={(k) => k.items.length === 0} empty={t('ea.noKeys')}>
        {(k) => (
          <div className="table-wrap">
            <table className="card-rows">
              <thead>
                <tr>
                  <th scope="col">{t('ea.keyName')}</th>
                  <th scope="col">{t('ea.prefix')}</th>
                  <th scope="col">{t('ea.scope')}</th>
                  <th scope="col">{t('ea.created')}</th>
                  <th scope="col">{t('ea.lastUsed')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('ea.revoke')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {k.items.map((key) => (
                  <tr key={key.id}>
                    <th scope="row">{key.name}</th>
                    <td data-label={t('ea.prefix')}>
                      <code>{key.prefix}</code>
                    </td>
                    <td data-label={t('ea.scope')}>{t(`ea.scope.${key.scope}`)}</td>
                    <td data-label={t('ea.created')}>{i18n.dateTime(key.createdAt)}</td>
                    <td data-label={t('ea.lastUsed')}>{key.lastUsedAt ? i18n.dateTime(key.lastUsedAt) : t('common.never')}</td>
                    <td className="row-actions">
                      {key.revokedAt ? (
                        <span className="badge archived">{t('ea.revoked')}</span>
                      ) : (
                        <button
                          type="button"
                          className="danger"
                          onClick={() => setRevoking(key)}
                          aria-label={`${t('ea.revoke')}: ${key.name}`}
                        >
                          {t('ea.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        danger
        title={t('ea.revoke')}
        confirmLabel={t('ea.revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      >
        <p>{t('ea.revokeConfirm', { name: revoking?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

function RegisterAccount() {
  const { t } = useI18n();
  const client = useQueryClient();
  const challenges = useQuery({
    queryKey: ['challenges', 'in_progress'],
    queryFn: () => allPages('/challenges', { status: 'in_progress' }),
  });
  const [form, setForm] = useState({ login: '', server: '', currency: 'USD', initialBalance: '', challengeId: '', name: '' });
  const set = fieldSetter(form, setForm);
  const register = useMutation({
    mutationFn: () =>
      app.post('/accounts', {
        login: form.login,
        server: form.server,
        currency: form.currency,
        initialBalance: Number(form.initialBalance),
        ...(form.challengeId ? { challengeId: form.challengeId } : {}),
        ...(form.name ? { name: form.name } : {}),
      }),
    onSuccess: () => {
      setForm({ ...form, login: '', name: '', initialBalance: '' });
      void client.invalidateQueries();
    },
  });
  return (
    <section aria-labelledby="register-h">
      <h3 id="register-h">{t('ea.register')}</h3>
      <form
        className="grid-form"
        onSubmit={(e) => {
          e.preventDefault();
          register.mutate();
        }}
      >
        <Field label={t('pnl.login')} required maxLength={64} value={form.login} onChange={set('login')} />
        <Field label={t('pnl.server')} required maxLength={128} placeholder="FTMO-Demo" value={form.server} onChange={set('server')} />
        <Field label={t('ch.currency')} required maxLength={3} pattern="[A-Za-z]{3}" value={form.currency} onChange={set('currency')} />
        <Field
          label={t('ea.initialBalance')}
          required
          type="number"
          min={0.01}
          step="0.01"
          value={form.initialBalance}
          onChange={set('initialBalance')}
        />
        <SelectField label={t('ea.challenge')} value={form.challengeId} onChange={set('challengeId')}>
          <option value="">{t('ea.noChallenge')}</option>
          {(challenges.data ?? []).map((c, _, list) => (
            <option key={c.id} value={c.id}>
              {challengeLabel(c, list)} ({c.phase})
            </option>
          ))}
        </SelectField>
        <Field label={`${t('ea.accountName')} ${t('common.optional')}`} maxLength={100} value={form.name} onChange={set('name')} />
        <div className="full">
          <FormError error={register.error} />
          {register.isSuccess && (
            <p role="status" className="ok">
              {t('ea.registered')}
            </p>
          )}
          <button type="submit" disabled={register.isPending}>
            {t('ea.register')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Where the build puts the tracker EA's source (vite.config.ts copies it from apps/tracker). */
export const TRACKER_DOWNLOADS = [
  { platform: 'MT5', href: '/downloads/PropfolioTracker.mq5', file: 'PropfolioTracker.mq5' },
  { platform: 'MT4', href: '/downloads/PropfolioTracker.mq4', file: 'PropfolioTracker.mq4' },
] as const;

/** The tracker EA as it is: source to download, compile in MetaEditor, allow the URL, paste a tracker key; or import a statement. */
function Tracker({ origin }: { origin: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="tracker-h">
      <h3 id="tracker-h">{t('ea.tracker')}</h3>
      <p>{t('ea.trackerIntro')}</p>
      <ul className="downloads">
        {TRACKER_DOWNLOADS.map((d) => (
          <li key={d.platform}>
            <a href={d.href} download={d.file} className="button">
              {t('ea.download', { platform: d.platform })}
            </a>{' '}
            <code>{d.file}</code>
          </li>
        ))}
      </ul>
      <ol className="steps">
        <li>{t('ea.step.key')}</li>
        <li>{t('ea.step.install')}</li>
        <li>{t('ea.step.compile')}</li>
        <li>
          {t('ea.step.url')}
          <CodeBlock text={origin} label={t('ea.webrequest')} />
        </li>
        <li>{t('ea.step.attach')}</li>
        <li>{t('ea.step.check')}</li>
      </ol>
      <p className="muted">{t('ea.trackerSends')}</p>
      <p>
        {t('ea.otherWay')} <a href="#statement-import">{t('imp.title')}</a>
      </p>
    </section>
  );
}

export function EaIntegration() {
  const { t } = useI18n();
  const [fullKey, setFullKey] = useState<string | null>(null);
  const origin = window.location.origin;
  const configs = mcpConfigs(origin, fullKey ?? 'YOUR_KEY');
  return (
    <section aria-labelledby="ea-h" className="card panel" id="ea-integration">
      <h2 id="ea-h">{t('ea.panel')}</h2>
      <Keys onIssued={(secret, scope) => scope === 'full' && setFullKey(secret)} />
      <RegisterAccount />
      <Tracker origin={origin} />
      <section aria-labelledby="mcp-h">
        <h3 id="mcp-h">{t('ea.mcp')}</h3>
        {!fullKey && <p className="muted">{t('ea.keyPlaceholder')}</p>}
        <h4>{t('ea.mcpClaude')}</h4>
        <CodeBlock text={configs.claude} label={t('ea.mcpClaude')} />
        <h4>{t('ea.mcpJson')}</h4>
        <CodeBlock text={configs.mcpServers} label={t('ea.mcpJson')} />
        <h4>{t('ea.mcpVscode')}</h4>
        <CodeBlock text={configs.vscode} label={t('ea.mcpVscode')} />
      </section>
    </section>
  );
}
