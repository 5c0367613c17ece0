import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeEachDatabase } from '@propfolio/db/testing';
import { call, connectClient, errorCode, problemOf, startMcpServer, type McpTestServer, answer } from './harness.js';

/** The .set limit ea_diagnose_set's content documents: 512 KiB of file. */
const MAX_SET_BYTES = 524_288;

describeEachDatabase('MCP EA settings tools', (getDb) => {
  let server: McpTestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    client = await connectClient(server.url);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('ea_overview describes the EA in either language, and rejects an unknown language', async () => {
    const ja = await answer(client, 'ea_overview');
    expect(ja.inputCount).toBeGreaterThanOrEqual(250);
    expect(ja.presets.map((p) => p.id)).toContain('prop-challenge');
    expect(errorCode(await call(client, 'ea_overview', { lang: 'fr' }))).toBe('validation_failed');
  });

  it('ea_search_params finds inputs by Japanese keywords with a cursor, and validates the group', async () => {
    const first = await answer(client, 'ea_search_params', { q: 'トレーリング', limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    const second = await answer(client, 'ea_search_params', { q: 'トレーリング', limit: 2, cursor: first.nextCursor as string });
    expect(second.items[0]?.number).not.toBe(first.items[0]?.number);
    expect(errorCode(await call(client, 'ea_search_params', { group: 0 }))).toBe('validation_failed');
  });

  it('ea_explain_param explains by number, also full-width, and answers not_found for an unknown input', async () => {
    const byNumber = await answer(client, 'ea_explain_param', { ref: '12-1' });
    const fullWidth = await answer(client, 'ea_explain_param', { ref: '１２－１' });
    expect(byNumber.number).toBe('12-1');
    expect(fullWidth.name).toBe(byNumber.name);
    expect(errorCode(await call(client, 'ea_explain_param', { ref: '99-99' }))).toBe('not_found');
  });

  it('ea_build_set then ea_diagnose_set: a built file has no error findings, and a bad change names its field', async () => {
    const preset = await answer(client, 'ea_prop_preset', { firm: 'ftmo', accountSize: 100000, phases: 2, currency: 'usd' });
    expect(preset.firmPlan?.planId).toMatch(/^ftmo-.*2-step/);
    const built = await answer(client, 'ea_build_set', { preset: 'prop-challenge', changes: preset.changes, include: 'both' });
    expect(built.fileName).toMatch(/\.set$/);
    const bytes = Buffer.from(built.contentBase64 ?? '', 'base64');
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]); // MT5 writes UTF-16LE with a BOM
    const diagnosis = await answer(client, 'ea_diagnose_set', {
      content: built.contentBase64,
      contentEncoding: 'base64',
      firm: 'FTMO',
      planId: preset.firmPlan?.planId,
    });
    expect(diagnosis.summary.errors).toBe(0);
    expect(diagnosis.firmPlan?.planId).toMatch(/^ftmo-/);

    const bad = await call(client, 'ea_build_set', { changes: [{ ref: '12-1', value: 'not-a-number-at-all' }] });
    expect(errorCode(bad)).toBe('validation_failed');
    expect(bad.content[0]?.text).toContain('changes.0');
  });

  it('ea_diagnose_set reports problems in a broken file as findings, and refuses bad base64 and unknown firms', async () => {
    const result = await answer(client, 'ea_diagnose_set', { content: 'NoSuchInput=1\r\nLots=abc\r\n' });
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.some((f) => f.line === 1)).toBe(true);
    expect(errorCode(await call(client, 'ea_diagnose_set', { content: '***', contentEncoding: 'base64' }))).toBe('validation_failed');
    expect(errorCode(await call(client, 'ea_diagnose_set', { content: 'x=1', firm: 'nosuchfirm' }))).toBe('validation_failed');
  });

  it('ea_diagnose_set answers every kind of fix in its documented shape, which the SDK client checks the answer against', async () => {
    await client.listTools(); // from here on the client validates each tool's structuredContent against its outputSchema
    const content = 'NoSuchInput=1\r\nLots=abc\r\nRiskPercent=2,5\r\nRiskPercnt=1\r\nRiskPercent=1.0||0.5||0.1||2.0||Y\r\n';
    const { format, encoding, findings } = await answer(client, 'ea_diagnose_set', { content, detail: 'full' });
    expect([format, encoding]).toEqual(['mt5', 'ascii']);
    const fixes = findings.flatMap((f) => (f.fix ? [f.fix] : []));
    expect(new Set(fixes.map((fix) => fix.kind))).toEqual(
      new Set(['set_value', 'rename', 'remove_line', 'clear_optimization_flag', 'reencode']),
    );
    // each kind's own fields, read without a cast
    expect(fixes.flatMap((fix) => (fix.kind === 'rename' ? [`${fix.from}→${fix.to}`] : []))).toEqual([
      'Lots→FixedLot',
      'RiskPercnt→RiskPercent',
    ]);
    expect(fixes.find((fix) => fix.kind === 'set_value' && fix.name === 'RiskPercent')).toEqual({
      kind: 'set_value',
      name: 'RiskPercent',
      number: '5-3',
      value: '2.5',
    });
    expect(fixes.find((fix) => fix.kind === 'reencode')).toEqual({ kind: 'reencode', to: 'utf-16le-bom' });
  });

  it('ea_diagnose_set refuses a file over the .set limit as payload_too_large, naming the limit in bytes', async () => {
    const over = await call(client, 'ea_diagnose_set', { content: 'RiskPercent=1.0\r\n'.repeat(Math.ceil(MAX_SET_BYTES / 17) + 1) });
    expect(errorCode(over)).toBe('payload_too_large');
    expect(problemOf(over).facts).toEqual({ limitBytes: MAX_SET_BYTES });
  });

  it('ea_backtest_ini takes leverage as a number, optimisation ranges per input, and names the inputs field in errors', async () => {
    const ini = await answer(client, 'ea_backtest_ini', {
      symbol: 'EURUSD',
      period: 'H1',
      fromDate: '2025-01-01',
      toDate: '2025-06-01',
      leverage: 100,
      optimization: 2,
      inputs: [{ ref: 'TrailingStartPoints', value: 300, start: 100, step: 50, stop: 500 }],
    });
    expect(ini.text).toContain('Leverage=1:100');
    expect(ini.text).toMatch(/=300\|\|100\|\|50\|\|500\|\|Y/);
    const none = await answer(client, 'ea_backtest_ini', {
      symbol: 'EURUSD',
      period: 'H1',
      fromDate: '2025-01-01',
      toDate: '2025-06-01',
      optimization: 2,
      inputs: [{ ref: 'TrailingStartPoints', value: 300 }],
    });
    expect(none.pitfalls.map((p) => p.code)).toContain('optimization_without_ranges');
    const bad = await call(client, 'ea_backtest_ini', {
      symbol: 'EURUSD',
      period: 'H1',
      fromDate: '2025-01-01',
      toDate: '2025-06-01',
      inputs: [
        { ref: 'TrailingStartPoints', value: 1 },
        { ref: 'TrailingStartPoints', value: 'abc' },
      ],
    });
    expect(errorCode(bad)).toBe('validation_failed');
    expect(bad.content[0]?.text).toContain('inputs.1.value');
  });

  it('ea_prop_preset never guesses the plan: FTMO 100k fits a 1-Step (3% daily) and a 2-Step (5%) plan', async () => {
    const ambiguous = await call(client, 'ea_prop_preset', { firm: 'ftmo', accountSize: 100000 });
    expect(errorCode(ambiguous)).toBe('validation_failed');
    expect(ambiguous.content[0]?.text).toMatch(/planId.*1-step.*|1-step.*planId/is);
    expect(ambiguous.content[0]?.text).toMatch(/2-step/i);
    const twoStep = await answer(client, 'ea_prop_preset', { firm: 'ftmo', accountSize: 100000, program: '2-Step' });
    expect(twoStep.firmPlan?.program).toMatch(/2-Step/);
    const diagnosis = await call(client, 'ea_diagnose_set', { content: 'RiskPercent=1.0\r\n', firm: 'ftmo' });
    expect(errorCode(diagnosis)).toBe('validation_failed');
  });

  it('ea_prop_preset explains recommendations for a firm, and refuses an unknown firm', async () => {
    const preset = await answer(client, 'ea_prop_preset', { firm: 'ＦＴＭＯ', program: '2 step' });
    expect(preset.recommendations.length).toBeGreaterThan(0);
    expect(errorCode(await call(client, 'ea_prop_preset', { firm: 'nosuchfirm' }))).toBe('validation_failed');
  });

  it('ea_backtest_ini writes a tester config with its command line and pitfalls, and validates dates', async () => {
    const ini = await answer(client, 'ea_backtest_ini', {
      symbol: 'EURUSD',
      period: 'H1',
      fromDate: '2025-01-01',
      toDate: '2026-01-01',
      model: 4,
    });
    expect(ini.text).toContain('[Tester]');
    expect(ini.text).toContain('Symbol=EURUSD');
    expect(ini.commandLine).toContain('/config:');
    expect(ini.pitfalls.length).toBeGreaterThan(0);
    const bad = await call(client, 'ea_backtest_ini', { symbol: 'EURUSD', period: 'H1', fromDate: '2026-01-01', toDate: '2025-01-01' });
    expect(errorCode(bad)).toBe('validation_failed');
  });

  // An agent pays for every byte of an answer: each EA tool's typical answer stays under 16 KB by default.
  it.each([
    ['ea_overview', {}],
    ['ea_overview', { lang: 'en' }],
    ['ea_search_params', { q: 'トレーリング' }],
    ['ea_search_params', {}],
    ['ea_explain_param', { ref: '37-5' }],
    ['ea_diagnose_set', { content: 'RiskPercent=1.0\r\n' }],
    ['ea_diagnose_set', { content: 'NoSuchInput=1\r\nLots=abc\r\nRiskPercent=2,5\r\n'.repeat(200) }],
    ['ea_build_set', { changes: [{ ref: '37-5', value: 255 }] }],
    ['ea_build_set', { preset: 'prop-challenge', changes: [] }],
    ['ea_build_set', { preset: 'prop-challenge' }], // changes are optional: the preset as it is
    ['ea_build_set', {}],
    ['ea_prop_preset', { firm: 'ftmo', accountSize: 100000, phases: 2 }],
    ['ea_backtest_ini', { symbol: 'EURUSD', period: 'H1', fromDate: '2025-01-01', toDate: '2025-02-01' }],
  ] as const)('%s answers under 16 KB by default (%j)', async (tool, args) => {
    const result = await call(client, tool, args);
    expect(result.isError).toBeFalsy();
    const size = Buffer.byteLength(JSON.stringify(result.structuredContent));
    expect(size).toBeLessThan(16 * 1024);
  });

  it('ea_diagnose_set gives every finding with detail full, and says how many the default answer left out', async () => {
    const content = 'NoSuchInput=1\r\nLots=abc\r\nRiskPercent=2,5\r\n'.repeat(40);
    const short = await answer(client, 'ea_diagnose_set', { content });
    const full = await answer(client, 'ea_diagnose_set', { content, detail: 'full' });
    expect(short.findings).toHaveLength(30);
    expect(short.omittedFindings).toBe(short.summary.errors + short.summary.warnings + short.summary.infos - 30);
    expect(full.omittedFindings).toBe(0);
    expect(full.findings.filter((f) => f.code === 'missing_input').length).toBeGreaterThan(200);
    expect(short.summary.errors + short.summary.warnings + short.summary.infos).toBeLessThan(full.findings.length);
  });
});
