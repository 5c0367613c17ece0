/**
 * `node tools/bench/profile/summarize.mjs <file.cpuprofile> [top]`: self time of a `node --cpu-prof`
 * profile by function and by package (node_modules/<pkg>, our bundle, node internals), in percent.
 */
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: summarize.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const pkgOf = (url) => {
  if (!url) return '(native/gc/idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internals';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-3)
    .join('/');
};
const fns = new Map();
const pkgs = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || '(anonymous)'} ${pkgOf(url)}:${lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
  const p = functionName === '(idle)' ? '(idle)' : functionName === '(garbage collector)' ? '(gc)' : pkgOf(url);
  pkgs.set(p, (pkgs.get(p) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1)}%`.padStart(6);
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\nby package:`);
for (const [k, t] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)}  ${k}`);
console.log('\nby function (self):');
for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
