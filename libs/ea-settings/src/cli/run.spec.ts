import { jest } from '@jest/globals';
import { buildSet } from '../build/build-set.js';
import { fixtures } from '../__fixtures__/fixtures.js';
import { runCli, type CliIo } from './run.js';

function io(files: Record<string, Uint8Array | string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written = new Map<string, Uint8Array>();
  const host: CliIo = {
    readFile: (p) => {
      const f = files[p];
      if (f === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
    writeFile: jest.fn((p: string, b: Uint8Array) => void written.set(p, b)),
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: { EA_SETTINGS_FIRMS: '/firms' },
  };
  return { host, out, err, written };
}

/** The CLI's --json answer, typed as far as these tests read it. */
const codes = (out: string[]): string[] => (JSON.parse(out.join('')) as { findings: { code: string }[] }).findings.map((f) => f.code);

const firm = JSON.stringify({
  firm: 'FTMO',
  dailyLossPercent: 5,
  dailyLossBasis: null,
  maxLossPercent: 10,
  maxLossType: 'static',
  eaPolicy: 'allowed',
  newsTrading: null,
  newsWindowMinutes: null,
  weekendHolding: null,
  maxRiskPerTradePercent: null,
  hedging: null,
});

describe('ea-settings CLI', () => {
  it('diagnose --full lists each missing input, the default one summary line', () => {
    const t = io({ 'a.set': 'RiskPercent=1.0\r\n' });
    expect(runCli(['diagnose', 'a.set', '--json'], t.host)).toBe(0);
    expect(codes(t.out).filter((code) => code === 'missing_input')).toHaveLength(0);
    const full = io({ 'a.set': 'RiskPercent=1.0\r\n' });
    expect(runCli(['diagnose', 'a.set', '--json', '--full'], full.host)).toBe(0);
    expect(codes(full.out).filter((code) => code === 'missing_input').length).toBeGreaterThan(200);
  });

  it('diagnose exits 0 for a clean file and 1 with error findings', () => {
    const clean = io({ 'a.set': buildSet({ changes: [] }).bytes });
    expect(runCli(['diagnose', 'a.set'], clean.host)).toBe(0);
    const broken = io({ 'b.set': 'RiskPercent=2,5\r\n' });
    expect(runCli(['diagnose', 'b.set'], broken.host)).toBe(1);
    expect(broken.out.join('\n')).toContain('decimal_comma');
  });

  it('diagnose --firm loads <name>.json from EA_SETTINGS_FIRMS', () => {
    const t = io({ 'a.set': buildSet({ changes: [{ ref: 'DailyLossPercent', value: 6 }] }).bytes, '/firms/ftmo.json': firm });
    expect(runCli(['diagnose', 'a.set', '--firm', 'ftmo', '--json'], t.host)).toBe(1);
    expect(codes(t.out)).toContain('firm_daily_loss_looser_than_firm');
  });

  it('build, convert, explain, search and ini work', () => {
    const t = io({ 'm4.set': fixtures['mt4AnsiCrlf'] as Uint8Array });
    expect(runCli(['build', '--preset', 'conservative', '--set', '37-5=255', '--out', 'o.set'], t.host)).toBe(0);
    expect(t.written.get('o.set')?.slice(0, 2)).toEqual(Uint8Array.of(0xff, 0xfe));
    expect(t.err.join('\n')).toContain('37-5 TpLineColor: 65280 → 255');
    expect(runCli(['convert', 'm4.set', '--to', 'mt5'], t.host)).toBe(0);
    expect(t.out.join('\n')).toContain('SignalTimeframe=16385');
    expect(runCli(['explain', '３７－５'], t.host)).toBe(0);
    expect(runCli(['search', 'ニュース'], t.host)).toBe(0);
    expect(runCli(['ini', '--symbol', 'EURUSD', '--period', 'H1', '--from', '2025.01.01', '--to', '2025.02.01'], t.host)).toBe(0);
    expect(t.err.join('\n')).toContain('terminal64.exe /config:');
  });

  it('exits 2 on usage errors', () => {
    const t = io();
    expect(runCli([], t.host)).toBe(2);
    expect(runCli(['frobnicate'], t.host)).toBe(2);
    expect(runCli(['explain', 'NoSuchInput'], t.host)).toBe(2);
    expect(runCli(['diagnose', 'missing.set'], t.host)).toBe(2);
    expect(runCli(['diagnose', 'a.set', '--no-such-option'], t.host)).toBe(2);
    expect(runCli(['build', '--out'], t.host)).toBe(2);
    expect(t.err.join('\n')).toContain("Unknown option '--no-such-option'");
    expect(runCli(['convert', 'x.set', '--to', 'mt6'], t.host)).toBe(2);
    expect(runCli(['ini', '--symbol', 'EURUSD', '--period', 'H7', '--from', '2025.01.01', '--to', '2025.02.01'], t.host)).toBe(2);
    expect(runCli(['diagnose', 'a.set', '--firm', 'ftmo'], { ...t.host, env: {} })).toBe(2);
  });
});
