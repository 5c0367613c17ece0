import fc from 'fast-check';
import Value from 'typebox/value';
import { NEWS_STAGES, NewsRuleSchema, type NewsRule, type NewsStage } from './news-rule.js';
import { type CalendarRelease, newsStageOf, newsVerdictAt, nextNewsWindows, releaseAffects } from './news-windows.js';
import { symbolCurrencies } from './symbol-currencies.js';
import { FTMO_NEWS_RULE as FTMO, NFP_RELEASE as NFP } from './news-fixtures.js';

const at = (iso: string) => Date.parse(iso);

describe('symbolCurrencies', () => {
  it.each([
    ['EURUSD', ['EUR', 'USD']],
    ['eurusd.r', ['EUR', 'USD']],
    ['EURUSDm', ['EUR', 'USD']],
    ['GBPJPY-pro', ['GBP', 'JPY']],
    ['XAUUSD', ['USD']],
    ['BTCUSD', ['USD']],
    ['USDCNH', ['USD', 'CNY']],
    ['US30', ['USD']],
    ['#US30', ['USD']],
    ['NAS100.cash', ['USD']],
    ['GER40', ['EUR']],
    ['UK100', ['GBP']],
    ['JP225', ['JPY']],
    ['ESZ6', ['USD']],
    ['6EH27', ['EUR', 'USD']],
    ['WHATEVER', []],
  ])('%s moves with %j', (symbol, currencies) => {
    expect(symbolCurrencies(symbol)).toEqual(currencies);
  });
});

describe('newsVerdictAt', () => {
  it('blocks an affected symbol inside the window, both edges included, and allows it outside', () => {
    expect(newsVerdictAt(FTMO, 'funded', [NFP], 'EURUSD', at('2026-12-04T13:28:00Z')).verdict).toBe('blocked');
    expect(newsVerdictAt(FTMO, 'funded', [NFP], 'EURUSD', at('2026-12-04T13:32:00Z')).verdict).toBe('blocked');
    expect(newsVerdictAt(FTMO, 'funded', [NFP], 'EURUSD', at('2026-12-04T13:27:59Z')).verdict).toBe('allowed');
    expect(newsVerdictAt(FTMO, 'funded', [NFP], 'EURUSD', at('2026-12-04T13:32:01Z')).verdict).toBe('allowed');
  });

  it('allows a symbol the release does not move, and every symbol in a stage the rule spares', () => {
    expect(newsVerdictAt(FTMO, 'funded', [NFP], 'EURGBP', NFP.at).verdict).toBe('allowed');
    expect(newsVerdictAt(FTMO, 'phase1', [NFP], 'EURUSD', NFP.at).verdict).toBe('allowed');
    expect(newsVerdictAt(FTMO, 'phase2', [NFP], 'EURUSD', NFP.at).verdict).toBe('allowed');
  });

  it('names a penalty that is not a breach as penalised, with its percent', () => {
    const share: NewsRule = { ...FTMO, stages: ['phase1', 'funded'], penalty: 'profit_share', penaltyPercent: 40 };
    expect(newsVerdictAt(share, 'phase1', [NFP], 'US30', NFP.at)).toMatchObject({
      verdict: 'penalised',
      penalty: 'profit_share',
      penaltyPercent: 40,
      window: { start: '2026-12-04T13:28:00.000Z', end: '2026-12-04T13:32:00.000Z' },
    });
  });

  it('opens no window for an all-day event, a tentative one or an impact the rule does not name', () => {
    const releases: CalendarRelease[] = [
      { ...NFP, timing: 'all_day' },
      { ...NFP, timing: 'tentative' },
      { ...NFP, impact: 'medium' },
    ];
    expect(newsVerdictAt(FTMO, 'funded', releases, 'EURUSD', NFP.at).verdict).toBe('allowed');
  });

  it("restricts the firm's listed symbols whatever the release's currency", () => {
    const listed: NewsRule = { ...FTMO, instruments: { byCurrency: false, symbols: ['XAUUSD'] } };
    const ecb = { ...NFP, currency: 'EUR' };
    expect(newsVerdictAt(listed, 'funded', [ecb], 'XAUUSD.r', ecb.at).verdict).toBe('blocked');
    expect(newsVerdictAt(listed, 'funded', [ecb], 'EURUSD', ecb.at).verdict).toBe('allowed');
  });

  const stage = fc.constantFrom<NewsStage | null>(...NEWS_STAGES, null);
  const rule = fc.record({
    windowBeforeMinutes: fc.integer({ min: 0, max: 60 }),
    windowAfterMinutes: fc.integer({ min: 0, max: 60 }),
    stages: fc.uniqueArray(fc.constantFrom(...NEWS_STAGES), { minLength: 1, maxLength: 4 }),
    impacts: fc.constant<NewsRule['impacts']>(['high']),
    instruments: fc.constant({ byCurrency: true, symbols: [] as string[] }),
    penalty: fc.constantFrom<NewsRule['penalty']>('breach', 'profit_removed', 'profit_share'),
  });
  const offsetMinutes = fc.integer({ min: -120, max: 120 });

  it('property: a stage-specific rule never restricts outside its stages', () => {
    fc.assert(
      fc.property(rule, stage, offsetMinutes, (r, s, offset) => {
        const verdict = newsVerdictAt(r, s, [NFP], 'EURUSD', at(NFP.at) + offset * 60_000);
        if (s !== null && !r.stages.includes(s)) expect(verdict.verdict).toBe('allowed');
      }),
    );
  });

  it('property: inside the stage, restricted exactly when the instant is within [before, after] of the release', () => {
    fc.assert(
      fc.property(rule, offsetMinutes, (r, offset) => {
        const s = r.stages[0] ?? 'funded';
        const verdict = newsVerdictAt(r, s, [NFP], 'USDJPY', at(NFP.at) + offset * 60_000);
        const within = -r.windowBeforeMinutes <= offset && offset <= r.windowAfterMinutes;
        expect(verdict.verdict !== 'allowed').toBe(within);
        if (within) expect(verdict.verdict).toBe(r.penalty === 'breach' ? 'blocked' : 'penalised');
      }),
    );
  });

  it('property: a pair is affected by a release exactly when the release is filed under one of its currencies', () => {
    const ccy = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'NZD', 'CAD');
    fc.assert(
      fc.property(ccy, ccy, ccy, (base, quote, released) => {
        fc.pre(base !== quote);
        expect(releaseAffects(FTMO, { currency: released }, `${base}${quote}`)).toBe(released === base || released === quote);
      }),
    );
  });
});

describe('nextNewsWindows', () => {
  const releases: CalendarRelease[] = [
    { ...NFP, at: '2026-12-04T15:00:00.000Z', currency: 'EUR', title: 'ECB President Speaks' },
    NFP,
    { ...NFP, at: '2026-12-03T09:00:00.000Z', currency: 'GBP', title: 'past' },
  ];

  it('lists the windows still to come for the symbols asked, soonest first, with the symbols each restricts', () => {
    const next = nextNewsWindows(FTMO, 'funded', releases, ['EURUSD', 'XAUUSD', 'GBPJPY'], '2026-12-04T13:31:00Z', 5);
    expect(next.map((w) => [w.release.title, w.symbols])).toEqual([
      ['Non-Farm Employment Change', ['EURUSD', 'XAUUSD']],
      ['ECB President Speaks', ['EURUSD']],
    ]);
    expect(nextNewsWindows(FTMO, 'phase1', releases, ['EURUSD'], '2026-12-04T00:00:00Z', 5)).toEqual([]);
    expect(nextNewsWindows(FTMO, 'funded', releases, ['EURUSD'], '2026-12-04T00:00:00Z', 1)).toHaveLength(1);
  });
});

describe('NewsRuleSchema', () => {
  it('takes the catalog shape and refuses an unknown stage or penalty', () => {
    expect(Value.Check(NewsRuleSchema, FTMO)).toBe(true);
    expect(Value.Check(NewsRuleSchema, { ...FTMO, stages: ['evaluation'] })).toBe(false);
    expect(Value.Check(NewsRuleSchema, { ...FTMO, penalty: 'fine' })).toBe(false);
  });
  it('maps a phase to its stage', () => {
    expect([newsStageOf(0), newsStageOf(1), newsStageOf(2), newsStageOf('funded'), newsStageOf(null), newsStageOf(5)]).toEqual([
      'phase1',
      'phase2',
      'phase3',
      'funded',
      null,
      null,
    ]);
  });
});
