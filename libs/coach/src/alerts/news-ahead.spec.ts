import fc from 'fast-check';
import { NEWS_STAGES, type NewsRule, type NewsStage } from '../news/news-rule.js';
import { releaseAffects, type CalendarRelease } from '../news/news-windows.js';
import { newsWindowsAhead } from './news-ahead.js';
import { FTMO_NEWS_RULE as FTMO, NFP_RELEASE as NFP } from '../news/news-fixtures.js';

const MINUTE = 60_000;
const RATE: CalendarRelease = { ...NFP, title: 'Unemployment Rate' };
const nfpAt = Date.parse(NFP.at);

describe('newsWindowsAhead', () => {
  it('warns of a window starting within the minutes for an affected open symbol, naming only the affected ones', () => {
    // Ten minutes before the release the window (two minutes before it) starts in eight.
    const ahead = newsWindowsAhead(FTMO, 'funded', [NFP, RATE], ['EURUSD', 'EURGBP', 'USDJPY', 'EURUSD'], nfpAt - 10 * MINUTE, 15);
    expect(ahead).toEqual([
      {
        at: NFP.at,
        start: '2026-12-04T13:28:00.000Z',
        end: '2026-12-04T13:32:00.000Z',
        releases: [NFP, RATE],
        symbols: ['EURUSD', 'USDJPY'],
      },
    ]);
  });

  it('is silent in a stage the rule spares, without an affected open symbol, too early, and once the window has started', () => {
    expect(newsWindowsAhead(FTMO, 'phase1', [NFP], ['EURUSD'], nfpAt - 10 * MINUTE, 15)).toEqual([]);
    expect(newsWindowsAhead(FTMO, 'funded', [NFP], [], nfpAt - 10 * MINUTE, 15)).toEqual([]);
    expect(newsWindowsAhead(FTMO, 'funded', [NFP], ['EURGBP'], nfpAt - 10 * MINUTE, 15)).toEqual([]);
    expect(newsWindowsAhead(FTMO, 'funded', [NFP], ['EURUSD'], nfpAt - 20 * MINUTE, 15)).toEqual([]);
    expect(newsWindowsAhead(FTMO, 'funded', [NFP], ['EURUSD'], nfpAt - MINUTE, 15)).toEqual([]);
  });

  const stage = fc.constantFrom<NewsStage | null>(...NEWS_STAGES, null);
  const rule = fc.record({
    windowBeforeMinutes: fc.integer({ min: 0, max: 60 }),
    windowAfterMinutes: fc.integer({ min: 0, max: 60 }),
    stages: fc.uniqueArray(fc.constantFrom(...NEWS_STAGES), { minLength: 1, maxLength: 4 }),
    impacts: fc.constant<NewsRule['impacts']>(['high']),
    instruments: fc.record({ byCurrency: fc.boolean(), symbols: fc.subarray(['XAUUSD', 'US30', 'EURGBP']) }),
    penalty: fc.constantFrom<NewsRule['penalty']>('breach', 'profit_removed', 'profit_share'),
  });
  const release = fc.record({
    at: fc.integer({ min: 0, max: 240 }).map((m) => new Date(nfpAt + m * MINUTE).toISOString()),
    currency: fc.constantFrom('USD', 'EUR', 'JPY', 'GBP', 'AUD'),
    impact: fc.constantFrom<CalendarRelease['impact']>('high', 'medium'),
    title: fc.constantFrom('CPI', 'Rate decision', 'PMI'),
    timing: fc.constantFrom<CalendarRelease['timing']>('exact', 'tentative'),
  });
  const symbols = fc.subarray(['EURUSD', 'USDJPY', 'GBPJPY', 'XAUUSD', 'US30', 'EURGBP', 'NZDCAD']);

  it('property: never an unaffected symbol, never a spared stage, each window once and starting within the minutes', () => {
    fc.assert(
      fc.property(
        rule,
        stage,
        fc.array(release, { maxLength: 8 }),
        symbols,
        fc.integer({ min: -30, max: 240 }),
        fc.integer({ min: 1, max: 240 }),
        (r, s, releases, open, offset, minutes) => {
          const now = nfpAt + offset * MINUTE;
          const ahead = newsWindowsAhead(r, s, releases, open, now, minutes);
          if (s !== null && !r.stages.includes(s)) expect(ahead).toEqual([]);
          expect(new Set(ahead.map((a) => a.at)).size).toBe(ahead.length);
          for (const a of ahead) {
            const start = Date.parse(a.start);
            expect(start >= now && start <= now + minutes * MINUTE).toBe(true);
            expect(a.symbols.length).toBeGreaterThan(0);
            for (const symbol of a.symbols) {
              expect(open).toContain(symbol);
              expect(a.releases.some((rel) => releaseAffects(r, rel, symbol))).toBe(true);
            }
            for (const rel of a.releases) expect(rel.timing === 'exact' && rel.impact === 'high' && rel.at === a.at).toBe(true);
          }
        },
      ),
    );
  });
});
