import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseJsonInSlices, SLICED_FROM_CHARS } from './json-bodies.js';

/** Parses with slicing forced (from the first character), so small texts exercise the sliced path. */
const sliced = (text: string) => parseJsonInSlices(text, 1);

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives for any JSON text, whitespace and non-ASCII text included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom('', ' ', '\n\t '), async (value, pad) => {
        const text = `${pad}${JSON.stringify(value)}${pad}`;
        expect(await sliced(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('carries a multi-byte character and an escape over the edge of a slice', async () => {
    // 16 KiB slices: the emoji's four UTF-8 bytes and the escape straddle the first edge.
    const text = `{"a":"${'x'.repeat(16 * 1024 - 8)}😀\\u00e9\\"end"}`;
    expect(await sliced(text)).toEqual(JSON.parse(text));
  });

  it('reads a long string of short quoted cells, escapes and multi-byte characters across its 64 KiB string buffer', async () => {
    // A CSV sent as text with every cell quoted (cTrader's export): runs under 16 bytes, each quote an escape, and
    // characters of two to four UTF-8 bytes landing on the edges of the parser's string buffer and of the slices.
    const rows = Array.from({ length: 6_000 }, (_, i) => `"${i}","EURUSD","Buy","1 049.40","é","😀","\t",""`);
    const value = { content: rows.join('\r\n'), note: 'x'.repeat(70_000) };
    const text = JSON.stringify(value);
    expect(text.length).toBeGreaterThan(3 * 64 * 1024);
    expect(await parseJsonInSlices(text)).toEqual(value);
    expect(await sliced(text)).toEqual(value);
  });

  it('keeps a "__proto__" key an own property, as JSON.parse does, without touching the prototype', async () => {
    const text = '{"__proto__":{"polluted":true},"a":1}';
    const value = (await sliced(text)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each([['{"a":1'], ['{"a":1}}'], ['{"a":1} x'], ['{} {}'], ['[1,]'], ['nul'], ['"open']])(
    'refuses %s as body-parser refuses malformed JSON (400 entity.parse.failed), sliced or not',
    async (text) => {
      expect(() => {
        JSON.parse(text);
      }).toThrow();
      await expect(sliced(text)).rejects.toMatchObject({ type: 'entity.parse.failed', status: 400 });
      await expect(parseJsonInSlices(text)).rejects.toMatchObject({ type: 'entity.parse.failed', status: 400 });
    },
  );

  it('answers an empty body with {}, as body-parser does', async () => {
    await expect(sliced('')).resolves.toEqual({});
  });

  it('hands the event loop a turn between slices of a large body', async () => {
    const text = JSON.stringify({ positions: Array.from({ length: 4_000 }, (_, i) => ({ position: String(i), note: 'n'.repeat(40) })) });
    expect(text.length).toBeGreaterThan(SLICED_FROM_CHARS);
    let turns = 0;
    const ticking = setInterval(() => {
      turns++;
    }, 0);
    try {
      const value = (await parseJsonInSlices(text)) as { positions: unknown[] };
      expect(value.positions).toHaveLength(4_000);
    } finally {
      clearInterval(ticking);
    }
    // A timer ran while the parse was under way: it did not hold the loop in one stretch.
    expect(turns).toBeGreaterThan(0);
  });
});
