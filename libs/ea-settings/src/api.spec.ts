import {
  backtestIni,
  buildSet,
  convertSet,
  diagnoseSet,
  EaSettingsError,
  eaOverview,
  explainParam,
  MAX_CONTENT_BYTES,
  propPreset,
  searchParams,
  type PropFirmRules,
} from './index.js';
import { fixtures } from './__fixtures__/fixtures.js';
import { loadCatalog } from './catalog/load.js';
import { defaultCatalogData } from './catalog/content/index.js';

const errorOf = (fn: () => unknown): EaSettingsError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof EaSettingsError) return e;
    throw e;
  }
  throw new Error('did not throw');
};

const ftmoLike: PropFirmRules = {
  firm: 'ExampleFirm',
  dailyLossPercent: 5,
  dailyLossBasis: 'max_balance_equity',
  maxLossPercent: 10,
  maxLossType: 'static',
  eaPolicy: 'allowed',
  newsTrading: 'restricted',
  newsWindowMinutes: 2,
  weekendHolding: 'banned',
  maxRiskPerTradePercent: null,
  hedging: null,
};

describe('catalog', () => {
  it('has at least 40 groups and 250 inputs, each bilingual', () => {
    const o = eaOverview('en');
    expect(o.groups.length).toBeGreaterThanOrEqual(40);
    expect(o.inputCount).toBeGreaterThanOrEqual(250);
    expect(eaOverview().summary).toMatch(/[ぁ-んァ-ン]/);
  });

  it('rejects invalid catalog data with every problem listed', () => {
    const broken = {
      ...defaultCatalogData,
      renames: [{ from: 'X', to: 'Nope', since: '1' }],
      presets: [{ id: 'p', label: { ja: 'p', en: 'p' }, description: { ja: 'p', en: 'p' }, values: { RiskPercent: 99 } }],
    };
    const e = errorOf(() => loadCatalog(broken));
    expect(e.code).toBe('invalid_catalog');
    expect(e.message).toContain('Nope');
    expect(e.message).toContain('preset p RiskPercent');
  });
});

describe('explain and search', () => {
  it.each(['37-5', '３７－５', '37ー5', '37 − 5', 'TpLineColor', 'tplinecolor', '利確ラインの色', 'Take-profit line colour'])(
    'explains %s',
    (ref) => {
      expect(explainParam(ref).name).toBe('TpLineColor');
    },
  );

  // The long vowel mark ー is also a dash in "37ー5"; labels must be matched before that folding.
  it.each([
    'トレーリング開始幅',
    'ﾄﾚｰﾘﾝｸﾞ開始幅',
    'トレーリング 開始幅',
    'トレーリング　開始幅',
    'とれーりんぐ開始幅',
    'Trailing start',
    'trailingstart',
    'ＴＲＡＩＬＩＮＧ　ＳＴＡＲＴ',
  ])('explains and builds by the label %s', (ref) => {
    expect(explainParam(ref).name).toBe('TrailingStartPoints');
    expect(buildSet({ changes: [{ ref, value: 350 }] }).changes).toEqual([
      expect.objectContaining({ name: 'TrailingStartPoints', to: '350' }),
    ]);
  });

  it('explains old names and throws unknown_param with a suggestion', () => {
    expect(explainParam('Lots').name).toBe('FixedLot');
    expect(errorOf(() => explainParam('RiskPercnt'))).toMatchObject({ code: 'unknown_param', field: 'ref' });
  });

  it('searches Japanese and English with folding, partial matches and groups', () => {
    expect(searchParams({ q: 'ﾄﾚｰﾘﾝｸﾞ' }).items[0]?.name).toMatch(/^Trailing/);
    expect(searchParams({ q: 'daily loss' }).items[0]?.group.number).toBe(17);
    expect(searchParams({ q: 'スプレッド' }).items.map((i) => i.name)).toContain('MaxSpreadPoints');
    expect(searchParams({ group: 24 }).total).toBe(6);
    expect(searchParams({ q: '37-5' }).items[0]?.name).toBe('TpLineColor');
    expect(searchParams({ limit: 5, offset: 5 }).items).toHaveLength(5);
    expect(errorOf(() => searchParams({ limit: 0 })).code).toBe('invalid_argument');
  });
});

describe('buildSet', () => {
  it('builds MT5 UTF-16LE with BOM by default and reports changes', () => {
    const r = buildSet({
      base: { preset: 'conservative' },
      changes: [
        { ref: '５－３', value: '0.25' },
        { ref: 'SignalTimeframe', value: 'Daily' },
      ],
    });
    expect(r.encoding).toBe('utf-16le-bom');
    expect([...r.bytes.slice(0, 2)]).toEqual([0xff, 0xfe]);
    expect(r.changes).toEqual([
      { number: '5-3', name: 'RiskPercent', from: '0.5', to: '0.25' },
      { number: '30-1', name: 'SignalTimeframe', from: '16385', to: '16408' },
    ]);
    expect(r.text).toContain('RiskPercent=0.25||');
  });

  it('writes MT4 with 0/1 bools, minutes and ,F lines', () => {
    const r = buildSet({ changes: [{ ref: 'SignalTimeframe', value: 'H4' }], format: 'mt4' });
    expect(r.text).toContain('SignalTimeframe=240\r\n');
    expect(r.text).toContain('EnableTrading=1\r\nEnableTrading,F=0');
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('throws one error class with codes and field paths', () => {
    expect(errorOf(() => buildSet({ changes: [{ ref: 'Nope', value: 1 }] }))).toMatchObject({
      code: 'unknown_param',
      field: 'changes[0].ref',
    });
    expect(
      errorOf(() =>
        buildSet({
          changes: [
            { ref: 'RiskPercent', value: 1 },
            { ref: 'RiskPercent', value: 'lots' },
          ],
        }),
      ),
    ).toMatchObject({ code: 'invalid_value', field: 'changes[1].value' });
    expect(errorOf(() => buildSet({ changes: [{ ref: 'EnableTrading', value: 3 }] })).code).toBe('invalid_value');
    expect(errorOf(() => buildSet({ base: { preset: 'yolo' }, changes: [] })).code).toBe('unknown_preset');
    expect(errorOf(() => buildSet({ base: { content: new Uint8Array(MAX_CONTENT_BYTES + 1) }, changes: [] })).code).toBe(
      'content_too_large',
    );
  });

  it('appends inputs missing from an uploaded file', () => {
    const r = buildSet({ base: { content: 'RiskPercent=1.0\r\n' }, changes: [{ ref: 'MaxSpreadPoints', value: 25 }] });
    expect(r.text).toBe('RiskPercent=1.0\r\nMaxSpreadPoints=25||25||1||250||N\r\n');
    expect(r.changes).toEqual([{ number: '21-1', name: 'MaxSpreadPoints', from: null, to: '25' }]);
  });
});

describe('convertSet', () => {
  it('converts MT4 to MT5 and back', () => {
    const mt5 = convertSet({ content: fixtures['mt4AnsiCrlf'] as Uint8Array, to: 'mt5' });
    expect(mt5.from).toBe('mt4');
    expect(mt5.text).toContain('EnableTrading=true||false||0||true||N');
    expect(mt5.text).toContain('SignalTimeframe=16385');
    expect(mt5.text).toContain('SignalAppliedPrice=1||');
    expect(diagnoseSet({ content: mt5.bytes, format: 'mt5' }).summary.errors).toBe(0);
    const back = convertSet({ content: mt5.bytes, to: 'mt4' });
    expect(back.text).toContain('SignalTimeframe=60\r\n');
    expect(back.text).toContain('SignalAppliedPrice=0\r\n');
    expect(back.text).toContain('EnableTrading=1\r\n');
  });
});

describe('propPreset', () => {
  it('recommends limits inside the firm rules, in money too, and never invents unknowns', () => {
    const r = propPreset({ firmRules: ftmoLike, accountSize: 100000, currency: 'USD' });
    expect(r.recommendations.find((x) => x.name === 'DailyLossPercent')).toMatchObject({
      value: '4.0',
      money: { amount: 4000, currency: 'USD' },
    });
    expect(r.recommendations.find((x) => x.name === 'DailyLossBasis')?.value).toBe('3');
    expect(r.switchOff.map((x) => x.name)).toEqual(['GridEnabled', 'MartingaleEnabled']);
    expect(r.cautions.map((x) => x.code)).toContain('unknown_hedging');
    const built = buildSet({ base: { preset: 'prop-challenge' }, changes: r.changes });
    expect(diagnoseSet({ content: built.bytes, firmRules: ftmoLike }).summary.errors).toBe(0);
  });
});

describe('backtestIni', () => {
  const base = { symbol: 'EURUSD.raw', period: 'Daily', fromDate: '2025-01-01', toDate: '2025.06.01' };

  it('writes an MT5 [Tester] file with inline inputs and a command line', () => {
    const r = backtestIni({
      ...base,
      model: 4,
      report: 'reports\\pf',
      shutdownTerminal: true,
      leverage: 100,
      inputs: { kind: 'inline', changes: [{ ref: 'RiskPercent', value: 0.5 }] },
      common: { login: 123, password: 'secret' },
      configPath: 'C:\\Tester\\pf.ini',
    });
    expect(r.text).toContain('[Common]\r\nLogin=123\r\n[Tester]\r\nExpert=PropfolioAssist\r\nSymbol=EURUSD.raw\r\nPeriod=D1');
    expect(r.text).not.toContain('secret');
    expect(r.text).toContain('FromDate=2025.01.01\r\nToDate=2025.06.01');
    expect(r.text).toContain('Leverage=1:100');
    expect(r.text).toContain('[TesterInputs]');
    expect(r.text).toContain('RiskPercent=0.5||');
    expect(r.encoding).toBe('utf-16le-bom');
    expect(r.commandLine).toBe('terminal64.exe /config:"C:\\Tester\\pf.ini"');
    expect(r.pitfalls.map((p) => p.code)).toEqual(
      expect.arrayContaining([
        'report_folder_must_exist',
        'terminal_must_be_closed',
        'to_date_is_exclusive',
        'shutdown_reset_on_manual_stop',
        'real_ticks_need_history',
      ]),
    );
  });

  it('warns that inputs are reused when none are given, and writes MT4 flat files', () => {
    expect(backtestIni(base).pitfalls.map((p) => p.code)).toContain('inputs_reused_from_last_run');
    const mt4 = backtestIni({ ...base, platform: 'mt4', inputs: { kind: 'file', expertParameters: 'pf.set' } });
    expect(mt4.text).toContain('TestExpert=PropfolioAssist\r\nTestExpertParameters=pf.set\r\nTestSymbol=EURUSD.raw\r\nTestPeriod=D1');
    expect(mt4.commandLine).toBe('terminal.exe "PropfolioAssist.EURUSD.raw.D1.ini"');
  });

  it.each([
    [{ period: 'H5' }, 'period'],
    [{ fromDate: '2025.06.01', toDate: '2025.01.01' }, 'toDate'],
    [{ fromDate: '2025.02.30' }, 'fromDate'],
    [{ model: 5 }, 'model'],
    [{ optimization: 4 }, 'optimization'],
    [{ optimizationCriterion: 8 }, 'optimizationCriterion'],
    [{ forwardMode: 4 }, 'forwardDate'],
    [{ expert: 'MQL5\\Experts\\PF' }, 'expert'],
    [{ expert: 'PF.mq5' }, 'expert'],
    [{ leverage: '1:0' }, 'leverage'],
    [{ currency: 'US' }, 'currency'],
    [{ deposit: -5 }, 'deposit'],
  ])('rejects %o', (override, field) => {
    expect(errorOf(() => backtestIni({ ...base, ...override }))).toMatchObject({ code: 'invalid_ini_field', field });
  });
});
