import { useState, type SubmitEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, app, type AppCall } from '../../lib/api.js';
import { useI18n } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/en.js';
import { CopyButton } from '../CopyButton.js';
import { Field, SelectField, fieldSetter } from '../Field.js';
import { FormError } from '../states.js';

export const CHANNEL_KINDS = ['webhook', 'discord', 'slack', 'telegram', 'line', 'email'] as const;
type Kind = (typeof CHANNEL_KINDS)[number];
type Created = AppCall<'post', '/alert-channels'>;

/** The fields each kind asks for, as its own service names them (the server refuses any other, naming it). */
const FIELDS: Record<Kind, readonly ('url' | 'secret' | 'token' | 'chatId' | 'to')[]> = {
  webhook: ['url', 'secret'],
  discord: ['url'],
  slack: ['url'],
  telegram: ['token', 'chatId'],
  line: ['token', 'to'],
  email: ['to'],
};

const EMPTY = { kind: 'discord' as Kind, name: '', url: '', secret: '', token: '', chatId: '', to: '' };

/** Adds a channel; a webhook's made secret is shown here once, since the server never shows it again. */
export function ChannelForm() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<Created | null>(null);
  const set = fieldSetter(form, setForm);
  const create = useMutation({
    mutationFn: () => {
      const body: Record<string, string> = { kind: form.kind, name: form.name };
      for (const field of FIELDS[form.kind]) if (form[field].trim()) body[field] = form[field].trim();
      return app.post('/alert-channels', body);
    },
    onSuccess: (answer) => {
      setCreated(answer);
      setForm({ ...EMPTY, kind: form.kind });
      void client.invalidateQueries({ queryKey: ['alert-channels'] });
    },
  });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    setCreated(null);
    create.mutate();
  };
  const hint = (field: string): string | undefined => {
    const key = `alerts.hint.${form.kind}.${field}`;
    return key in HINT_KEYS ? t(key as MessageKey) : undefined;
  };
  return (
    <form className="card alert-channel-form" onSubmit={submit} aria-labelledby="alerts-add-title">
      <h3 id="alerts-add-title">{t('alerts.add')}</h3>
      <SelectField label={t('alerts.kind')} value={form.kind} onChange={set('kind')}>
        {CHANNEL_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`alerts.kind.${kind}`)}
          </option>
        ))}
      </SelectField>
      <Field label={t('alerts.name')} value={form.name} onChange={set('name')} required maxLength={100} />
      {FIELDS[form.kind].map((field) => (
        <Field
          key={field}
          label={t(`alerts.field.${field}`)}
          hint={hint(field)}
          value={form[field]}
          onChange={set(field)}
          required={field !== 'secret'}
          type={
            field === 'url'
              ? 'url'
              : field === 'to' && form.kind === 'email'
                ? 'email'
                : field === 'token' || field === 'secret'
                  ? 'password'
                  : 'text'
          }
          autoComplete="off"
          spellCheck={false}
        />
      ))}
      {create.error instanceof ApiError && create.error.code === 'service_unavailable' ? (
        <p role="alert" className="error">
          {t('alerts.notConfigured')}
        </p>
      ) : (
        <FormError error={create.error} />
      )}
      <button type="submit" disabled={create.isPending}>
        {create.isPending ? t('state.loading') : t('alerts.add.submit')}
      </button>
      {created && (
        <div role="status" className="ok">
          <p>{t('alerts.added', { name: created.channel.name })}</p>
          {created.secret && (
            <p>
              {t('alerts.secretOnce')} <code className="secret">{created.secret}</code>{' '}
              <CopyButton text={created.secret} label={t('alerts.field.secret')} />
            </p>
          )}
        </div>
      )}
    </form>
  );
}

/** The hints written for a kind's field (others have none). */
const HINT_KEYS: Record<string, true> = {
  'alerts.hint.webhook.secret': true,
  'alerts.hint.discord.url': true,
  'alerts.hint.slack.url': true,
  'alerts.hint.telegram.token': true,
  'alerts.hint.telegram.chatId': true,
  'alerts.hint.line.token': true,
  'alerts.hint.line.to': true,
};
