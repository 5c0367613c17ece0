import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { FileQueue } from '../src/index.js';

const dirs: string[] = [];
const queuePath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pf-tracker-queue-'));
  dirs.push(dir);
  return join(dir, 'queue.jsonl');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const snapshot = (minute: number, equity = 100_000 + minute) => ({
  kind: 'snapshot' as const,
  at: `2026-03-05T14:${String(minute).padStart(2, '0')}:00Z`,
  balance: 100_000,
  equity,
});
const report = (date: string) => ({ kind: 'report' as const, date, balance: 1, equity: 1, closedPnl: 0 });

describe('the persisted queue', () => {
  it('keeps its items in order across a restart, without those acknowledged', () => {
    const path = queuePath();
    const first = new FileQueue(path);
    const items = [0, 1, 2, 3].map((m) => first.enqueue(snapshot(m)));
    first.ack(items[0]!.seq);
    first.ack(items[1]!.seq);
    const second = new FileQueue(path);
    expect(second.list().map((i) => i.seq)).toEqual([items[2]!.seq, items[3]!.seq]);
    // New items get new numbers, never one already used.
    expect(second.enqueue(snapshot(4)).seq).toBe(items[3]!.seq + 1);
  });

  it('writes one JSON line per item and truncates the file once empty', () => {
    const path = queuePath();
    const queue = new FileQueue(path);
    const a = queue.enqueue(snapshot(0));
    queue.enqueue(report('2026-03-04'));
    expect(
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { kind: 'snapshot', at: '2026-03-05T14:00:00Z', balance: 100000, equity: 100000, seq: 1 },
      { kind: 'report', date: '2026-03-04', balance: 1, equity: 1, closedPnl: 0, seq: 2 },
    ]);
    queue.ack(a.seq);
    queue.ack(2);
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(readFileSync(`${path}.ack`, 'utf8')).toBe('2\n');
    expect(new FileQueue(path).enqueue(snapshot(1)).seq).toBe(3);
  });

  it('refuses to acknowledge anything but its head', () => {
    const queue = new FileQueue(queuePath());
    queue.enqueue(snapshot(0));
    const second = queue.enqueue(snapshot(1));
    expect(() => queue.ack(second.seq)).toThrow(/head/);
  });

  it('skips a torn last line (a crash mid-append) and appends after it cleanly', () => {
    const path = queuePath();
    const warnings: string[] = [];
    new FileQueue(path).enqueue(snapshot(0));
    appendFileSync(path, '{"seq":2,"kind":"snap');
    const reopened = new FileQueue(path, { warn: (m) => warnings.push(m) });
    expect(reopened.size).toBe(1);
    expect(warnings.join()).toMatch(/line 2 is unreadable/);
    reopened.enqueue(snapshot(1));
    expect(new FileQueue(path).list().map((i) => i.kind === 'snapshot' && i.at)).toEqual(['2026-03-05T14:00:00Z', '2026-03-05T14:01:00Z']);
  });

  it('over its cap drops the oldest snapshots, never a report, and says so', () => {
    const path = queuePath();
    const warnings: string[] = [];
    const queue = new FileQueue(path, { cap: 10, warn: (m) => warnings.push(m) });
    queue.enqueue(report('2026-03-04'));
    for (let m = 0; m < 10; m++) queue.enqueue(snapshot(m));
    expect(queue.size).toBe(10);
    expect(queue.list()[0]).toMatchObject({ kind: 'report', date: '2026-03-04' });
    expect(queue.list()[1]).toMatchObject({ at: '2026-03-05T14:01:00Z' });
    expect(warnings).toEqual(['the queue reached its cap of 10 items: dropped the 1 oldest snapshots (from 2026-03-05T14:00:00Z)']);
    // The file holds exactly what is in memory.
    expect(new FileQueue(path, { cap: 10 }).list()).toEqual(queue.list());
  });

  it('drops a tenth of a large cap at once, so a long outage rewrites the file rarely', () => {
    const queue = new FileQueue(queuePath(), { cap: 100 });
    for (let m = 0; m < 101; m++)
      queue.enqueue({ ...snapshot(0), at: new Date(Date.UTC(2026, 2, 5) + m * 60_000).toISOString().slice(0, 19) + 'Z' });
    expect(queue.size).toBe(91);
  });

  it('sends everything again when the .ack file is unreadable (the service answers unchanged)', () => {
    const path = queuePath();
    const queue = new FileQueue(path);
    queue.enqueue(snapshot(0));
    queue.enqueue(snapshot(1));
    queue.ack(1);
    writeFileSync(`${path}.ack`, 'garbage');
    expect(new FileQueue(path).size).toBe(2);
  });
});
