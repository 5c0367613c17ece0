/**
 * Levenshtein distance over code points (so 'ＦＴＭＯ' vs 'ftmo' or a kanji counts one edit per character,
 * not per UTF-16 unit), with an early exit once every path exceeds `limit`. The workspace's one definition.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[y.length] as number;
}
