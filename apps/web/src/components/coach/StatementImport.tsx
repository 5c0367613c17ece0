import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, app } from '../../lib/api.js';
import { MAX_STATEMENT_BYTES, SERVER_TIME_ZONES, toBase64 } from '../../lib/coach.js';
import type { Account } from '../../lib/types.js';
import { useI18n } from '../../i18n/i18n.js';
import { SelectField } from '../Field.js';
import { FormError } from '../states.js';
import { IMPORT_ACCEPT, isMetaTrader, platformKey, type ImportAnswer } from './import-answer.js';
import { ImportClock } from './ImportClock.js';
import { ColumnMapping, type ColumnMappingValue } from './ColumnMapping.js';
import { noticeWords, refusalWords, statementRefusalWords } from './import-words.js';

/** Rows shown before "show all": ten day cards keep the preview's list about one phone screen tall. */
const FIRST_ROWS = 10;

type ImportDay = ImportAnswer['days'][number];
type LoadAfter = ((after: string) => Promise<ImportAnswer>) | null;

function DayRows({ days, currency }: { days: readonly ImportDay[]; currency: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const m = (v: number) => i18n.money(v, currency);
  return (
    <div className="table-wrap">
      <table className="card-rows compact" data-testid="import-days">
        <thead>
          <tr>
            <th scope="col">{t('imp.day')}</th>
            <th scope="col">{t('imp.outcome')}</th>
            <th scope="col" className="num">
              {t('pnl.daily')}
            </th>
            <th scope="col" className="num">
              {t('pnl.balance')}
            </th>
            <th scope="col" className="num">
              {t('imp.trades')}
            </th>
            <th scope="col" className="num">
              {t('imp.deposits')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{i18n.date(d.date)}</th>
              <td data-label={t('imp.outcome')}>
                <span className={`badge outcome-${d.outcome}`}>{t(`imp.outcome.${d.outcome}`)}</span>
                {d.previous && (
                  <div className="muted small">{t('imp.replaces', { balance: m(d.previous.balance), pnl: m(d.previous.closedPnl) })}</div>
                )}
              </td>
              <td className={`num ${d.closedPnl < 0 ? 'neg' : 'pos'}`} data-label={t('pnl.daily')}>
                {m(d.closedPnl)}
              </td>
              <td className="num" data-label={t('pnl.balance')}>
                {m(d.balance)}
              </td>
              <td className="num" data-label={t('imp.trades')}>
                {d.trades}
              </td>
              <td className="num" data-label={t('imp.deposits')}>
                {[d.deposits ? `+${m(d.deposits)}` : null, d.withdrawals ? `−${m(d.withdrawals)}` : null].filter(Boolean).join(' ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The answer's days, the first FIRST_ROWS of them until the person asks for all: a 34-day statement once made a
 * 7,400 px column of day cards on a phone, the Import button below it. The server lists at most 1,000 days an
 * answer; `loadAfter` (a preview's only: a write's later pages would all read as unchanged) fetches the page after
 * the answer's `nextDaysAfter`.
 */
function ImportDays({ answer, currency, loadAfter }: { answer: ImportAnswer; currency: string; loadAfter: LoadAfter }) {
  const { t } = useI18n();
  const id = useId();
  const [all, setAll] = useState(false);
  const [listed, setListed] = useState({ days: answer.days, next: answer.nextDaysAfter });
  const more = useMutation({
    mutationFn: (after: string) => (loadAfter ? loadAfter(after) : Promise.reject(new Error('no later days'))),
    onSuccess: (page) => {
      setListed((l) => ({ days: [...l.days, ...page.days], next: page.nextDaysAfter }));
      setAll(true);
    },
  });
  if (answer.daysTotal === 0) {
    return (
      <p className="state state-empty" data-testid="import-no-days">
        {t('imp.noDays')}
      </p>
    );
  }
  const shown = all ? listed.days : listed.days.slice(0, FIRST_ROWS);
  const next = loadAfter && (all || listed.days.length <= FIRST_ROWS) ? listed.next : null;
  return (
    <section aria-labelledby={`${id}-h`} id={`${id}-days`}>
      <h3 id={`${id}-h`}>{t('imp.daysHeading')}</h3>
      <p className="muted" aria-live="polite" data-testid="import-showing">
        {t('imp.showing', { n: shown.length, total: answer.daysTotal })}
      </p>
      <DayRows days={shown} currency={currency} />
      <div className="actions">
        {listed.days.length > FIRST_ROWS && (
          <button type="button" aria-controls={`${id}-days`} aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t('imp.showFewer') : t('imp.showAll', { n: listed.days.length })}
          </button>
        )}
        {next !== null && (
          <button type="button" aria-controls={`${id}-days`} disabled={more.isPending} onClick={() => more.mutate(next)}>
            {more.isPending ? t('state.loading') : t('imp.nextDays')}
          </button>
        )}
      </div>
      <FormError error={more.error} />
    </section>
  );
}

/** The answer's counts before any day, what a person decides the import on, and the actions right below them. */
function Summary({
  answer,
  currency,
  actions,
  loadAfter,
  onFileZone,
  busy,
}: {
  answer: ImportAnswer;
  currency: string;
  actions: ReactNode;
  loadAfter: LoadAfter;
  onFileZone: ((zone: string) => void) | null;
  busy: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { changedFrom, changedTo } = answer;
  const changed =
    changedFrom && changedTo
      ? changedFrom === changedTo
        ? i18n.date(changedFrom)
        : t('imp.range', { from: i18n.date(changedFrom), to: i18n.date(changedTo) })
      : t('imp.noChange');
  return (
    <div className="import-result" data-testid={answer.dryRun ? 'import-preview' : 'import-done'}>
      <p role="status" className={answer.dryRun ? undefined : 'ok'}>
        {t(answer.dryRun ? 'imp.previewSummary' : 'imp.doneSummary', {
          platform: t(platformKey(answer.platform)),
          login: answer.login,
          from: answer.from ? i18n.date(answer.from) : '—',
          to: answer.to ? i18n.date(answer.to) : '—',
          created: answer.created,
          updated: answer.updated,
          unchanged: answer.unchanged,
        })}
      </p>
      <dl className="facts import-counts" data-testid="import-counts">
        <div>
          <dt>{t('imp.daysTotal')}</dt>
          <dd>{answer.daysTotal}</dd>
        </div>
        {(['created', 'updated', 'unchanged'] as const).map((o) => (
          <div key={o}>
            <dt>{t(`imp.outcome.${o}`)}</dt>
            <dd>{answer[o]}</dd>
          </div>
        ))}
        <div>
          <dt>{t(answer.dryRun ? 'imp.changes' : 'imp.changed')}</dt>
          <dd>{changed}</dd>
        </div>
        {/* The closed positions it brings to the Trades page: the preview's other count a trader decides on. */}
        <div>
          <dt>{t('imp.tradesTotal')}</dt>
          <dd>
            {answer.trades.read}
            {answer.trades.read > 0 && (
              <small className="muted"> {t('imp.tradesNew', { created: answer.trades.created, updated: answer.trades.updated })}</small>
            )}
          </dd>
        </div>
      </dl>
      <ImportClock answer={answer} onFileZone={onFileZone} busy={busy} />
      {actions}
      {!answer.rolloverKnown && <p className="notice">{t('imp.noRollover')}</p>}
      {answer.warnings.length > 0 && (
        <div className="notice" role="note" data-testid="import-warnings">
          <strong>{t('imp.warnings')}</strong>
          <ul>
            {answer.notices.length === answer.warnings.length
              ? answer.notices.map((notice, i) => {
                  const words = noticeWords(notice, answer.warnings[i], t);
                  return (
                    <li key={i} lang={words.translated ? undefined : 'en'}>
                      {words.text}
                    </li>
                  );
                })
              : answer.warnings.map((w, i) => (
                  <li key={i} lang="en">
                    {w}
                  </li>
                ))}
          </ul>
        </div>
      )}
      {answer.skipped.length > 0 && (
        <details>
          <summary>{t('imp.skipped', { n: answer.skipped.length })}</summary>
          <ul data-testid="import-skipped">
            {answer.skipped.map((s) => (
              <li key={s.ticket}>
                <code>{s.ticket}</code> — <span lang="en">{s.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ImportDays answer={answer} currency={currency} loadAfter={loadAfter} />
    </div>
  );
}

/** What the person reads for a refused file: the size limit and the server's named problem. */
function importError(error: unknown, t: ReturnType<typeof useI18n>['t']): unknown {
  if (error instanceof ApiError && error.status === 413) return new Error(t('imp.tooLarge', { mib: MAX_STATEMENT_BYTES / 1048576 }));
  // A column mapping the file's header does not have: what it names, in the person's language.
  const mapping = error instanceof ApiError && error.code === 'validation_failed' ? refusalWords(error.facts, t) : null;
  if (mapping !== null) return new Error(mapping);
  if (error instanceof ApiError && error.code === 'statement_rejected') {
    return new Error(
      [
        t('imp.rejected'),
        rejectedWhere(error.facts, t),
        refusalWords(error.facts, t) ?? statementRefusalWords(error.facts, error.message, t) ?? error.message,
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  return error;
}

/** The line, column and value a refused CSV names (the problem's facts), in the reader's language. */
function rejectedWhere(facts: ApiError['facts'], t: ReturnType<typeof useI18n>['t']): string {
  const parts = [
    facts.row === undefined ? null : t('imp.rejected.row', { row: facts.row }),
    facts.column === undefined ? null : t('imp.rejected.column', { column: facts.column }),
    facts.value === undefined ? null : t('imp.rejected.value', { value: facts.value }),
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? t('imp.rejected.where', { where: parts.join(t('imp.rejected.sep')) }) : '';
}

/** One import request: the file, preview or write, and the two clocks (MetaTrader's server, a CSV's file zone). */
interface Send {
  content: string;
  dryRun: boolean;
  serverTimeZone: string;
  /** A CSV's zone the person chose; absent, the server reads the platform's default and says so. */
  fileTimeZone?: string | undefined;
  /** The columns the person named for a CSV no format reads (kept by the server for their next such file). */
  mapping?: ColumnMappingValue | undefined;
}

/** The header a refusal found in a file no format reads (tab-separated in the problem's facts), or null. */
function refusedHeader(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'statement_rejected') return null;
  const header = error.facts.header;
  return typeof header === 'string' && header !== '' ? header.split('\t') : null;
}

/**
 * Statement import for one account: drop or pick the file MetaTrader, cTrader, NinjaTrader, Tradovate or TopstepX
 * exported, preview the days it would write (a dry run) with the clock its times were read in, then commit. Nothing
 * is written until the person confirms the preview, and the write is read in the same clock as the preview.
 */
export function StatementImport({ account }: { account: Account }) {
  const { t } = useI18n();
  const id = useId();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [zone, setZone] = useState<string>(SERVER_TIME_ZONES[0]);
  const [fileZone, setFileZone] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const [mapping, setMapping] = useState<ColumnMappingValue | undefined>(undefined);
  // The header of a file no format reads, kept while the person names its columns (a wrong mapping answers 400).
  const [header, setHeader] = useState<string[] | null>(null);
  const post = (request: Send, daysAfter?: string): Promise<ImportAnswer> =>
    app.post(`/accounts/${account.id}/statements`, {
      content: request.content,
      contentEncoding: 'base64',
      serverTimeZone: request.serverTimeZone,
      fileTimeZone: request.fileTimeZone,
      mapping: request.mapping ?? mapping,
      dryRun: request.dryRun,
      daysAfter,
    });
  const send = useMutation({
    mutationFn: (request: Send) => post(request),
    onError: (error) => {
      const found = refusedHeader(error);
      if (found) setHeader(found);
    },
    onSuccess: (answer) => {
      if (!answer.dryRun) {
        void client.invalidateQueries({ queryKey: ['daily-pnl'] });
        void client.invalidateQueries({ queryKey: ['accounts'] });
        void client.invalidateQueries({ queryKey: ['headroom'] });
        void client.invalidateQueries({ queryKey: ['simulation'] });
      }
    },
  });
  const take = async (f: File | undefined) => {
    send.reset();
    setLocalError(null);
    setFile(null);
    // A new file is read in its platform's default clock first, so its preview says which one that was.
    setFileZone(undefined);
    setMapping(undefined);
    setHeader(null);
    if (!f) return;
    if (f.size > MAX_STATEMENT_BYTES) {
      setLocalError(t('imp.tooLarge', { mib: MAX_STATEMENT_BYTES / 1048576 }));
      return;
    }
    const content = toBase64(new Uint8Array(await f.arrayBuffer()));
    setFile({ name: f.name, content });
    send.mutate({ content, dryRun: true, serverTimeZone: zone });
  };
  const readInFileZone = (chosen: string) => {
    if (!file) return;
    setFileZone(chosen);
    send.mutate({ content: file.content, dryRun: true, serverTimeZone: zone, fileTimeZone: chosen });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files[0]);
  };
  const answer = send.data;
  // MetaTrader's server clock matters until a file shows it is another platform's export.
  const serverZoneShown = !answer || isMetaTrader(answer.platform);
  return (
    <section className="card" id="statement-import" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('imp.title')}</h2>
      <p className="muted">{t('imp.help')}</p>
      <div className="grid-form">
        {serverZoneShown && (
          <SelectField
            label={t('imp.zone')}
            hint={t('imp.zoneHint')}
            value={zone}
            onChange={(e) => {
              setZone(e.target.value);
              // A preview read in another clock is another preview.
              if (file) send.mutate({ content: file.content, dryRun: true, serverTimeZone: e.target.value, fileTimeZone: fileZone });
            }}
          >
            {SERVER_TIME_ZONES.map((z) => (
              <option key={z} value={z}>
                {t(`imp.zone.${z}`)}
              </option>
            ))}
          </SelectField>
        )}
        <div
          className={`drop-zone full${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={`${id}-file`}>
            {t('imp.drop')}
            <span className="button" aria-hidden="true">
              {t('imp.choose')}
            </span>
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={IMPORT_ACCEPT}
            onChange={(e) => {
              void take(e.target.files?.[0]);
              // Cleared, so that choosing the same file again (after an import, or a fix) reads it again.
              e.target.value = '';
            }}
          />
          <p className="muted small">{t('imp.formats')}</p>
          {file && <p className="muted small">{file.name}</p>}
        </div>
      </div>
      {localError && (
        <p className="form-error" role="alert">
          {localError}
        </p>
      )}
      <FormError error={send.error ? importError(send.error, t) : null} />
      {file && header && !send.data && (
        <ColumnMapping
          header={header}
          busy={send.isPending}
          onSubmit={(chosen) => {
            setMapping(chosen);
            send.mutate({ content: file.content, dryRun: true, serverTimeZone: zone, fileTimeZone: fileZone, mapping: chosen });
          }}
        />
      )}
      {send.isPending && <p role="status">{t('state.loading')}</p>}
      {answer && (
        <Summary
          // A new answer (another file or clock, or the write) lists its days again from the first rows.
          key={send.submittedAt}
          answer={answer}
          currency={answer.currency ?? account.currency}
          loadAfter={
            answer.dryRun && file
              ? (after) => post({ content: file.content, dryRun: true, serverTimeZone: zone, fileTimeZone: fileZone }, after)
              : null
          }
          onFileZone={answer.dryRun && file ? readInFileZone : null}
          busy={send.isPending}
          actions={
            answer.dryRun &&
            file && (
              <div className="actions">
                <button
                  type="button"
                  className="primary"
                  disabled={send.isPending}
                  onClick={() => send.mutate({ content: file.content, dryRun: false, serverTimeZone: zone, fileTimeZone: fileZone })}
                >
                  {t('imp.commit', { n: answer.created + answer.updated })}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    send.reset();
                    setFile(null);
                    if (input.current) input.current.value = '';
                  }}
                >
                  {t('common.cancel')}
                </button>
              </div>
            )
          }
        />
      )}
    </section>
  );
}
