import { buildSet } from '../build/build-set.js';
import { diagnoseSet } from '../api/diagnose-set.js';

/**
 * Parse + diagnose must be linear in the input: doubling the file must roughly double the work. Measured as a
 * ratio of medians within this run (never against a wall-clock budget): a quadratic step would give about 4.
 * The input mixes what makes rules expensive: known inputs, duplicates, unknown names (did-you-mean), junk lines.
 */
const base = buildSet({ changes: [] }).text;

function setText(kb: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < kb * 1024; i++) {
    const chunk = i % 2 === 0 ? base : base.replace(/^(\w+)=/gm, (_m, name: string) => `${name}X${i}=`) + `junk line ${i}\r\nLots,F=1\r\n`;
    parts.push(chunk);
    size += chunk.length;
  }
  return parts.join('').slice(0, kb * 1024);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe('parse + diagnose scale linearly', () => {
  // Only the upper bound is asserted: fixed costs (the bounded did-you-mean work) make small ratios normal.
  it('doubling the input about doubles the time (ratio of medians, same run)', () => {
    const small = new TextEncoder().encode(setText(100));
    const large = new TextEncoder().encode(setText(200));
    diagnoseSet({ content: small });
    diagnoseSet({ content: large });
    const timesSmall: number[] = [];
    const timesLarge: number[] = [];
    // Interleaved, so a burst of load from elsewhere hits both sizes alike.
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      diagnoseSet({ content: small });
      timesSmall.push(performance.now() - t);
      t = performance.now();
      diagnoseSet({ content: large });
      timesLarge.push(performance.now() - t);
    }
    const ratio = median(timesLarge) / median(timesSmall);
    expect(ratio).toBeLessThan(3);
  });

  it('the number of findings grows linearly too (no finding per pair of lines)', () => {
    const a = diagnoseSet({ content: setText(60) }).findings.length;
    const b = diagnoseSet({ content: setText(120) }).findings.length;
    expect(b / a).toBeGreaterThan(1.6);
    expect(b / a).toBeLessThan(2.4);
  });
});
