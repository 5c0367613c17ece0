import { useId, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n.js';
import { SelectField } from '../Field.js';
import {
  browserZones,
  COMMON_FILE_ZONES,
  deviceZone,
  formatKey,
  utcText,
  type ClockTrade,
  type FileClock,
  type ImportAnswer,
} from './import-answer.js';

/** The first and last closed trade, file time → UTC → firm day: where a wrong zone shows before anything is written. */
function ClockTrades({ first, last }: { first: ClockTrade | null; last: ClockTrade | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows = [
    ['first', first],
    ['last', last],
  ] as const;
  return (
    <div className="table-wrap">
      <table className="card-rows compact" data-testid="import-clock-trades">
        <thead>
          <tr>
            <th scope="col">{t('imp.clock.trade')}</th>
            <th scope="col">{t('imp.clock.inFile')}</th>
            <th scope="col">{t('imp.clock.inUtc')}</th>
            <th scope="col">{t('imp.clock.firmDay')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([which, trade]) =>
            trade ? (
              <tr key={which} data-testid={`import-clock-${which}`}>
                <th scope="row">{t(`imp.clock.${which}`)}</th>
                <td data-label={t('imp.clock.inFile')}>
                  <code>{trade.file}</code>
                </td>
                <td data-label={t('imp.clock.inUtc')} data-testid="utc">
                  {utcText(trade.utc)}
                </td>
                <td data-label={t('imp.clock.firmDay')}>{i18n.date(trade.firmDay)}</td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The zone a CSV without offsets is read in: this device's zone suggested, the common ones, then every zone the browser
 * knows. Reading again is an explicit press, so the suggestion never silently replaces the preview the person sees.
 */
function FileZonePicker({
  current,
  chosen,
  onRead,
  busy,
}: {
  current: string | null;
  chosen: boolean;
  onRead: (zone: string) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const device = useMemo(deviceZone, []);
  // The zone the person already chose stays selected; otherwise this device's zone is the suggestion.
  const [zone, setZone] = useState(chosen && current ? current : device);
  const common = useMemo(() => [device, ...COMMON_FILE_ZONES.filter((z) => z !== device)], [device]);
  const others = useMemo(() => browserZones().filter((z) => !common.includes(z)), [common]);
  return (
    <form
      className="grid-form"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        onRead(zone);
      }}
    >
      <h4 id={`${id}-h`} className="full">
        {t('imp.clock.pickHeading')}
      </h4>
      <SelectField
        label={t('imp.clock.zone')}
        hint={t('imp.clock.zoneHint', { zone: device })}
        value={zone}
        onChange={(e) => setZone(e.target.value)}
      >
        <optgroup label={t('imp.clock.common')}>
          {common.map((z) => (
            <option key={z} value={z}>
              {z === device ? t('imp.clock.device', { zone: z }) : z}
            </option>
          ))}
        </optgroup>
        {others.length > 0 && (
          <optgroup label={t('imp.clock.allZones')}>
            {others.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </optgroup>
        )}
      </SelectField>
      <div className="actions full">
        <button type="submit" disabled={busy || zone === current}>
          {t('imp.clock.reread')}
        </button>
      </div>
    </form>
  );
}

/** How the sentence about the clock reads for each source. */
function clockSentence(clock: FileClock, t: ReturnType<typeof useI18n>['t']): string {
  const zone = clock.zone ?? 'UTC';
  return t(`imp.clock.source.${clock.source}`, { zone });
}

/**
 * The preview's format and clock: what was read, where its times came from, and the first and last closed trade three
 * ways. A CSV read in a default or chosen zone offers the zone picker (`onFileZone` re-runs the preview in it).
 */
export function ImportClock({
  answer,
  onFileZone,
  busy,
}: {
  answer: ImportAnswer;
  onFileZone: ((zone: string) => void) | null;
  busy: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const { clock } = answer;
  const pick = onFileZone && (clock.source === 'default' || clock.source === 'option');
  return (
    <section aria-labelledby={`${id}-h`} data-testid="import-clock">
      <h3 id={`${id}-h`}>{t('imp.clock.heading')}</h3>
      <dl className="facts">
        <div>
          <dt>{t('imp.clock.format')}</dt>
          <dd data-testid="import-format">{t(formatKey(answer.format))}</dd>
        </div>
      </dl>
      {/* A sentence, not a figure: it reads as a paragraph under the format rather than in a narrow fact column. */}
      <p data-testid="import-clock-source">{clockSentence(clock, t)}</p>
      {(clock.first ?? clock.last) && <ClockTrades first={clock.first} last={clock.last} />}
      {pick && <FileZonePicker current={clock.zone} chosen={clock.source === 'option'} onRead={onFileZone} busy={busy} />}
    </section>
  );
}
