/**
 * EA settings engine: parse + diagnose of a complete MT5 `.set` (every catalog input, UTF-16LE), and a catalog search,
 * each next to a bare baseline over the same data in the same run.
 */
import { measure, printComparison } from '../harness.ts';
import { buildSet, defaultCatalog, diagnoseSet, searchParams } from '@propfolio/ea-settings';

export default async function run(): Promise<void> {
  const complete = buildSet({ changes: [] }).bytes;
  const decoder = new TextDecoder('utf-16le');
  const options = { iterations: 500, warmup: 100 };

  const splitBaseline = await measure('baseline: decode + split(\\n)', () => decoder.decode(complete).split('\n'), options);
  const parseDiagnose = await measure(
    `parse + diagnose (${defaultCatalog().params.length} inputs, ${complete.length} bytes)`,
    () => diagnoseSet({ content: complete }),
    options,
  );
  const withFirm = await measure(
    'parse + diagnose + firm rules',
    () =>
      diagnoseSet({
        content: complete,
        firmRules: {
          firm: 'Bench',
          dailyLossPercent: 5,
          dailyLossBasis: 'day_start_balance',
          maxLossPercent: 10,
          maxLossType: 'static',
          eaPolicy: 'allowed',
          newsTrading: 'restricted',
          newsWindowMinutes: 2,
          weekendHolding: 'banned',
          maxRiskPerTradePercent: 1,
          hedging: 'banned',
        },
      }),
    options,
  );
  printComparison('EA .set parse + diagnose', splitBaseline, [parseDiagnose, withFirm]);

  const labels = defaultCatalog().params.map((p) => `${p.name} ${p.label.ja} ${p.label.en}`.toLowerCase());
  const searchBaseline = await measure('baseline: includes() over labels', () => labels.filter((l) => l.includes('trailing')), options);
  const searchEn = await measure('searchParams "trailing start"', () => searchParams({ q: 'trailing start' }), options);
  const searchJa = await measure('searchParams "ﾄﾚｰﾘﾝｸﾞ 開始"', () => searchParams({ q: 'ﾄﾚｰﾘﾝｸﾞ 開始' }), options);
  printComparison('EA catalog search', searchBaseline, [searchEn, searchJa]);
}
