import fc from 'fast-check';
import { fixtures } from './__fixtures__/fixtures.js';
import { buildSet, diagnoseSet, type BuildChange } from './index.js';
import { defaultCatalog } from './catalog/default.js';
import { parseSetDocument, serializeSetDocument } from './setfile/document.js';
import type { CatalogParam } from './catalog/types.js';

const catalog = defaultCatalog();

/** Raw bytes, plus bytes shaped like `.set` lines so the generator reaches the interesting paths. */
const setLikeText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '; comment',
        '',
        'RiskPercent=1.0',
        'EnableTrading=true||false||0||true||Y',
        'X,F=1',
        'Lots=0,5',
        '__proto__=1',
        'a=b=c',
        '||||',
      ),
      fc.string({ maxLength: 40 }),
    ),
    { maxLength: 30 },
  )
  .chain((lines) => fc.constantFrom('\r\n', '\n', '\r').map((eol) => lines.join(eol)));

const bytesArb = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  setLikeText.map((t) => new TextEncoder().encode(t)),
  setLikeText.map((t) => Uint8Array.from([0xff, 0xfe, ...Array.from(t).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])])),
  fc.constantFrom(...Object.values(fixtures)),
);

function validValue(p: CatalogParam): fc.Arbitrary<BuildChange['value']> {
  switch (p.type) {
    case 'bool':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...(p.enumValues ?? []).map((e) => e.value));
    case 'int':
      return fc.integer({ min: p.min ?? 0, max: p.max ?? 1000 });
    case 'double':
      return fc.integer({ min: Math.ceil((p.min ?? 0) * 100), max: Math.floor((p.max ?? 100) * 100) }).map((n) => n / 100);
    case 'timeframe':
      return fc.constantFrom('M1', 'M15', 'H1', 'H4', 'D1', 'Weekly');
    default:
      return fc.constant(p.default as string | number);
  }
}

const changesArb = fc
  .uniqueArray(fc.constantFrom(...catalog.params.filter((p) => p.type !== 'string' && p.type !== 'datetime')), {
    maxLength: 6,
    selector: (p) => p.name,
  })
  .chain((params) => fc.tuple(...params.map((p) => validValue(p).map((value): BuildChange => ({ ref: p.number, value })))));

describe('properties', () => {
  it('serialize after parse is the identity on any bytes', () => {
    fc.assert(
      fc.property(bytesArb, (bytes) => {
        expect(serializeSetDocument(parseSetDocument(bytes))).toEqual(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it('diagnosing random bytes never throws and every finding is well-formed, placed, sorted and fixable', () => {
    const rank = { error: 0, warning: 1, info: 2 } as const;
    fc.assert(
      fc.property(bytesArb, fc.constantFrom('mt5', 'mt4', 'auto' as const), (bytes, format) => {
        const r = diagnoseSet({ content: bytes, format });
        const lineCount = parseSetDocument(bytes).lines.length;
        r.findings.forEach((f, i) => {
          expect(f.code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
          expect(f.message.ja.length * f.message.en.length).toBeGreaterThan(0);
          if (f.line !== null) expect(f.line >= 1 && f.line <= Math.max(1, lineCount)).toBe(true);
          if (f.column !== null) expect(f.column).toBeGreaterThanOrEqual(1);
          const next = r.findings[i + 1];
          if (next) expect(rank[f.severity]).toBeLessThanOrEqual(rank[next.severity]);
        });
        // A set_value fix is promised to be a valid build change: applying them all must not throw.
        const fixes = r.findings.flatMap((f) => (f.fix?.kind === 'set_value' ? [{ ref: f.fix.name, value: f.fix.value }] : []));
        const unique = [...new Map(fixes.map((c) => [c.ref, c])).values()];
        expect(() => buildSet({ changes: unique, format: 'mt5' })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('build then diagnose gives no error findings (only rule-level warnings may remain)', () => {
    fc.assert(
      fc.property(changesArb, fc.constantFrom('mt5', 'mt4' as const), (changes, format) => {
        const built = buildSet({ changes, format });
        const errors = diagnoseSet({ content: built.bytes, format }).findings.filter((f) => f.severity === 'error' && !isCrossRule(f.code));
        expect(errors).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

const FILE_LEVEL = new Set([
  'type_error',
  'decimal_comma',
  'out_of_range',
  'invalid_enum',
  'invalid_timeframe',
  'invalid_format',
  'string_too_long',
  'mt4_file_as_mt5',
  'mt5_file_as_mt4',
  'binary_content',
  'no_inputs',
]);
const isCrossRule = (code: string): boolean => !FILE_LEVEL.has(code);
