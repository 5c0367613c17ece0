/**
 * xoshiro128** (Blackman and Vigna), seeded through splitmix32: small, fast on 32-bit integer maths,
 * and good enough for Monte Carlo. Every path gets its own stream, derived from (seed, path index), so
 * a path draws the same days whatever happened to other paths or to itself: the risk-scale runs replay
 * the very same paths, and a path that stops early does not shift the next one.
 */
// Module-level bindings: inside a vm context (Jest) every global lookup such as `Math.imul` goes
// through the context's interceptors and costs ~50× more; a local binding is looked up once.
const imul = Math.imul;
const GOLDEN = 0x9e3779b9;

export class Xoshiro128 {
  s0 = 0;
  s1 = 0;
  s2 = 0;
  s3 = 0;

  constructor(seed: number, stream = 0) {
    this.reseed(seed, stream);
  }

  /**
   * Starts the stream of (seed, stream) afresh, without allocating: splitmix32 steps written out, not a closure,
   * since a path reseeds once and a closure per path was a tenth of fit_plans' time (its allocation, and under tsx
   * the name it is given).
   */
  reseed(seed: number, stream: number): void {
    let x = (seed ^ imul(stream + 1, GOLDEN)) >>> 0;
    x = (x + GOLDEN) >>> 0;
    this.s0 = splitmix(x);
    x = (x + GOLDEN) >>> 0;
    this.s1 = splitmix(x);
    x = (x + GOLDEN) >>> 0;
    this.s2 = splitmix(x);
    x = (x + GOLDEN) >>> 0;
    this.s3 = splitmix(x) | 1; // never the all-zero state
  }

  /** Next 32-bit unsigned integer. */
  nextU32(): number {
    const s1 = this.s1;
    const result = imul(rotl(imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }
}

/** splitmix32's output for the state `x` (the state advances by GOLDEN between outputs). */
function splitmix(x: number): number {
  let z = x;
  z = imul(z ^ (z >>> 16), 0x85ebca6b);
  z = imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
