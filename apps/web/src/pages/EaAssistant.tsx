import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  backtestIni,
  buildSet,
  diagnoseSet,
  eaOverview,
  type BacktestIniResult,
  type DiagnoseSetResult,
  type Finding,
} from '@propfolio/ea-settings';
import { ApiError, pub } from '../lib/api.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, FileField, fieldSetter, SelectField } from '../components/Field.js';
import { ErrorState, FormError } from '../components/states.js';
import { CodeBlock } from '../components/CopyButton.js';
import { download } from './Payouts.js';

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const ENCODING_CODES = new Set(['binary_content', 'invalid_bytes', 'mt4_not_ansi', 'non_utf16_ascii', 'non_utf16_text', 'truncated_utf16']);
const FORMAT_CODES = new Set([
  'malformed_line',
  'orphan_mt4_line',
  'no_inputs',
  'missing_input',
  'missing_inputs',
  'unknown_input',
  'duplicate_input',
]);

/**
 * A finding's heading in words: the input it is about (its name and number), else what kind of problem it is.
 * The stable code stays beside it, small, for a search or a support question.
 */
function findingHeading(f: Finding, t: ReturnType<typeof useI18n>['t']): string {
  if (f.name) return f.number ? `${f.name} (${f.number})` : f.name;
  if (f.code.startsWith('firm_') || f.code.startsWith('ea_')) return t('eaa.kind.firm');
  if (ENCODING_CODES.has(f.code)) return t('eaa.kind.encoding');
  if (FORMAT_CODES.has(f.code)) return t('eaa.kind.format');
  return t('eaa.kind.settings');
}

function Findings({ result, testId }: { result: DiagnoseSetResult; testId: string }) {
  const { t, tn, lang } = useI18n();
  if (result.findings.length === 0)
    return (
      <p className="ok" role="status">
        {t('eaa.noFindings')}
      </p>
    );
  return (
    <div data-testid={testId}>
      <p role="status">
        <strong>
          {t('eaa.findings', {
            errors: tn('count.errors', result.summary.errors),
            warnings: tn('count.warnings', result.summary.warnings),
            infos: tn('count.notes', result.summary.infos),
          })}
        </strong>{' '}
        · {result.format.toUpperCase()} · {result.encoding}
      </p>
      <ul className="list findings">
        {result.findings.map((f: Finding, i) => (
          <li key={i} className={`finding sev-${f.severity}`}>
            <span className={`badge sev-${f.severity}`}>{t(`eaa.severity.${f.severity}`)}</span>{' '}
            <strong className="finding-title">{findingHeading(f, t)}</strong>
            {f.line != null && <span className="muted"> · {t('eaa.line', { n: f.line })}</span>}{' '}
            <code className="finding-code muted small">{f.code}</code>
            <p>{f.message[lang]}</p>
            {f.fix?.kind === 'set_value' && (
              <p className="muted">
                {t('eaa.fix')}: <code>{`${f.fix.name}=${f.fix.value}`}</code>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The firm check's refusals in the page's language: the server's own text (English, listing every plan id of the
 * firm) is for agents; here the reader is told what to do next.
 */
function FirmCheckError({ error, firm }: { error: unknown; firm: string }) {
  const { t } = useI18n();
  const field = error instanceof ApiError && error.code === 'validation_failed' ? error.errors[0]?.field : undefined;
  if (field === 'planId')
    return (
      <p role="alert" className="form-error" data-testid="firm-check-error">
        {t('eaa.needPlan', { firm })}
      </p>
    );
  if (field === 'firm')
    return (
      <p role="alert" className="form-error" data-testid="firm-check-error">
        {t('eaa.unknownFirm', { firm })}
      </p>
    );
  return <FormError error={error} />;
}

function CheckSet() {
  const { t } = useI18n();
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  const [firm, setFirm] = useState('');
  const [planId, setPlanId] = useState('');
  // A firm's plans differ in their limits (FTMO 1-Step 3% daily, 2-Step 5%): the server refuses to guess, so the plan is picked here.
  const firmPlans = useQuery({
    queryKey: ['ea-firm-plans', firm.trim().toLowerCase()],
    queryFn: () => pub.get('/plans', { firm: firm.trim(), limit: 100, detail: 'full' }),
    enabled: firm.trim().length >= 2,
  });
  const local = useMemo(() => {
    if (!file) return null;
    try {
      return { result: diagnoseSet({ content: file.bytes }) };
    } catch (error) {
      return { error };
    }
  }, [file]);
  const server = useMutation({
    mutationFn: (set: { bytes: Uint8Array }) =>
      pub.post('/ea/diagnose', {
        content: toBase64(set.bytes),
        contentEncoding: 'base64',
        firm,
        ...(planId ? { planId } : {}),
      }),
  });
  const fixes =
    local?.result?.findings.flatMap((f) =>
      f.fix?.kind === 'set_value' ? [{ ref: f.fix.number || f.fix.name, value: f.fix.value }] : [],
    ) ?? [];
  const applyFixes = () => {
    if (!file) return;
    const built = buildSet({ base: { content: file.bytes }, changes: fixes });
    download(file.name.replace(/(\.set)?$/i, '_fixed.set'), built.bytes as BlobPart, 'application/octet-stream');
  };
  return (
    <section className="card" aria-labelledby="check-h">
      <h2 id="check-h">{t('eaa.upload')}</h2>
      <FileField
        label={t('eaa.file')}
        choose={t('imp.choose')}
        noFile={t('eaa.noFile')}
        fileName={file?.name ?? null}
        accept=".set,text/plain"
        onChange={(e) => {
          const f = e.target.files?.[0];
          server.reset();
          void (async () => {
            setFile(f ? { name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) } : null);
          })();
        }}
      />
      {file && <p className="muted">{t('eaa.instant')}</p>}
      {local?.error !== undefined && <ErrorState error={local.error} />}
      {/* The server's answer repeats the file's own findings with the firm's: one list, not the same findings twice. */}
      {local?.result && !server.data && <Findings result={local.result} testId="local-findings" />}
      {fixes.length > 0 && (
        <button type="button" onClick={applyFixes}>
          {t('eaa.fix')} → {t('common.download')}
        </button>
      )}
      {file && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            server.mutate(file);
          }}
        >
          <Field
            label={t('eaa.firm')}
            required
            value={firm}
            onChange={(e) => {
              setFirm(e.target.value);
              setPlanId('');
            }}
            placeholder="FTMO"
          />
          <SelectField label={t('eaa.plan')} value={planId} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">{t('eaa.planAny')}</option>
            {(firmPlans.data?.items ?? []).map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.program} · {plan.accountSize ?? '—'} {plan.currency}
              </option>
            ))}
          </SelectField>
          <button type="submit" disabled={server.isPending}>
            {t('eaa.firmCheck')}
          </button>
        </form>
      )}
      {server.error && <FirmCheckError error={server.error} firm={firm} />}
      {server.data && (
        <>
          <h3>{t('eaa.serverResult')}</h3>
          <Findings result={server.data} testId="server-findings" />
        </>
      )}
    </section>
  );
}

function BuildSet() {
  const { t, lang } = useI18n();
  const overview = useMemo(() => eaOverview(lang), [lang]);
  const [preset, setPreset] = useState('');
  const [format, setFormat] = useState<'mt5' | 'mt4'>('mt5');
  const [error, setError] = useState<unknown>(null);
  const build = () => {
    try {
      setError(null);
      const r = buildSet({ ...(preset ? { base: { preset } } : {}), changes: [], format });
      download(r.fileName, r.bytes as BlobPart, 'application/octet-stream');
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="card" aria-labelledby="build-h">
      <h2 id="build-h">{t('eaa.build')}</h2>
      <p className="muted">
        {overview.name} {overview.version}
      </p>
      <div className="inline-form">
        <SelectField label={t('eaa.preset')} value={preset} onChange={(e) => setPreset(e.target.value)}>
          <option value="">—</option>
          {overview.presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('eaa.format')} value={format} onChange={(e) => setFormat(e.target.value as 'mt5' | 'mt4')}>
          <option value="mt5">MT5</option>
          <option value="mt4">MT4</option>
        </SelectField>
        <button type="button" onClick={build}>
          {t('eaa.buildGo')}
        </button>
      </div>
      {preset && <p className="muted">{overview.presets.find((p) => p.id === preset)?.description}</p>}
      <FormError error={error} />
    </section>
  );
}

function TesterIni() {
  const { t, lang } = useI18n();
  const [form, setForm] = useState({ symbol: 'EURUSD', period: 'H1', fromDate: '2026-01-01', toDate: '2026-06-30' });
  const [result, setResult] = useState<BacktestIniResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const set = fieldSetter(form, setForm);
  return (
    <section className="card" aria-labelledby="ini-h">
      <h2 id="ini-h">{t('eaa.ini')}</h2>
      <form
        className="grid-form"
        onSubmit={(e) => {
          e.preventDefault();
          try {
            setError(null);
            setResult(backtestIni(form));
          } catch (err) {
            setResult(null);
            setError(err);
          }
        }}
      >
        <Field label={t('eaa.symbol')} required value={form.symbol} onChange={set('symbol')} />
        <Field label={t('eaa.period')} required value={form.period} onChange={set('period')} />
        <Field label={t('eaa.fromDate')} type="date" required value={form.fromDate} onChange={set('fromDate')} />
        <Field label={t('eaa.toDate')} type="date" required value={form.toDate} onChange={set('toDate')} />
        <div className="full">
          <button type="submit">{t('eaa.iniGo')}</button>
        </div>
      </form>
      <FormError error={error} />
      {result && (
        <>
          <CodeBlock text={result.text} label={result.fileName} />
          <button type="button" onClick={() => download(result.fileName, result.bytes as BlobPart, 'application/octet-stream')}>
            {t('common.download')} {result.fileName}
          </button>
          <h3>{t('eaa.commandLine')}</h3>
          <CodeBlock text={result.commandLine} label={t('eaa.commandLine')} />
          <ul className="list">
            {result.pitfalls.map((p) => (
              <li key={p.code}>{p.message[lang]}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function EaAssistantPage() {
  const { t } = useI18n();
  return (
    <section>
      <h1>{t('eaa.title')}</h1>
      <CheckSet />
      <BuildSet />
      <TesterIni />
    </section>
  );
}
