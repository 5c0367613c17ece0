import { backtestIni } from '../index.js';

const base = { symbol: 'EURUSD', period: 'H1', fromDate: '2025.01.01', toDate: '2025.02.01' };

describe('tester .ini optimisation', () => {
  it('accepts leverage as a number or 1:100', () => {
    expect(backtestIni({ ...base, leverage: 100 }).text).toContain('Leverage=1:100');
    expect(backtestIni({ ...base, leverage: '1:200' }).text).toContain('Leverage=1:200');
  });

  it('writes start/step/stop with the ||Y flag for ranged inputs and leaves the others unflagged', () => {
    const r = backtestIni({
      ...base,
      optimization: 2,
      inputs: {
        kind: 'inline',
        changes: [
          { ref: 'TrailingStartPoints', value: 300, start: 100, step: 50, stop: 500 },
          { ref: 'RiskPercent', value: 0.5 },
        ],
      },
    });
    expect(r.text).toMatch(/^TrailingStartPoints=300\|\|100\|\|50\|\|500\|\|Y$/m);
    expect(r.text).toMatch(/^RiskPercent=0\.5\|\|.*\|\|N$/m);
    expect(r.pitfalls.map((p) => p.code)).not.toContain('optimization_without_ranges');
  });

  it('warns when an optimisation has no ranged input, since it would optimise nothing', () => {
    const codes = (i: Parameters<typeof backtestIni>[0]) => backtestIni(i).pitfalls.map((p) => p.code);
    expect(codes({ ...base, optimization: 1, inputs: { kind: 'inline', changes: [{ ref: 'RiskPercent', value: 0.5 }] } })).toContain(
      'optimization_without_ranges',
    );
    expect(codes({ ...base, optimization: 1 })).toContain('optimization_without_ranges');
    expect(codes({ ...base, optimization: 0 })).not.toContain('optimization_without_ranges');
  });

  it('names the field the caller sent in errors: inputs.changes[i], and checks the range', () => {
    const err = (changes: object[]) => {
      try {
        backtestIni({ ...base, optimization: 1, inputs: { kind: 'inline', changes: changes as never } });
      } catch (e) {
        return e as { code: string; field: string };
      }
      throw new Error('no error');
    };
    expect(
      err([
        { ref: 'RiskPercent', value: 0.5 },
        { ref: 'RiskPercent', value: 'abc' },
      ]),
    ).toMatchObject({ code: 'invalid_value', field: 'inputs.changes[1].value' });
    expect(err([{ ref: 'TrailingStartPoints', value: 300, start: 100, step: 0, stop: 500 }])).toMatchObject({
      field: 'inputs.changes[0].step',
    });
    expect(err([{ ref: 'TrailingStartPoints', value: 300, start: 100 }])).toMatchObject({ field: 'inputs.changes[0].step' });
  });
});
