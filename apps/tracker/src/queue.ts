import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ClosedPosition, OpenPosition } from './protocol.js';

/** A snapshot waiting to be sent. `closedPnl` is the figures file's `closedPnlToday`: kept locally, never sent. */
export interface SnapshotItem {
  seq: number;
  kind: 'snapshot';
  at: string;
  balance: number;
  equity: number;
  closedPnl?: number;
  /** The positions open at `at`, sent with it; absent when the figures did not say (an older line, or not known). */
  openPositions?: OpenPosition[];
}

export interface ReportItem {
  seq: number;
  kind: 'report';
  date: string;
  balance: number;
  equity: number;
  closedPnl: number;
}

/** A closed-positions message (1 to 1,000 positions), sent as it was queued. */
export interface PositionsItem {
  seq: number;
  kind: 'positions';
  positions: ClosedPosition[];
}

export type QueueItem = SnapshotItem | ReportItem | PositionsItem;
export type NewQueueItem = Omit<SnapshotItem, 'seq'> | Omit<ReportItem, 'seq'> | Omit<PositionsItem, 'seq'>;

export const DEFAULT_QUEUE_CAP = 10_000;

export interface QueueOptions {
  /** Most items kept; beyond it the oldest snapshots go (reports and positions never). */
  cap?: number;
  /** Called when items are dropped for the cap or a line of the file cannot be read. */
  warn?: (message: string) => void;
}

/**
 * The persisted, ordered queue (docs/tracker-protocol.md, "Queue"): a JSON-lines file `<path>` with one
 * item per line, each with a rising `seq`, and `<path>.ack` holding the `seq` of the last item that left
 * the queue at its head. Enqueueing appends one line; an acknowledgement rewrites only the small
 * `.ack` file, so draining 10,000 items costs 10,000 tiny writes, not 10,000 rewrites of the queue.
 * The queue file is rewritten (to a temporary file, then renamed) only when it has become mostly
 * acknowledged lines, when it empties, and when the cap drops snapshots.
 *
 * A crash between sending an item and writing its acknowledgement sends it again after the restart:
 * the service answers `unchanged` (snapshots are idempotent per instant, reports per day), so nothing is
 * duplicated. A torn last line (a crash mid-append) is skipped with a warning.
 */
export class FileQueue {
  private items: QueueItem[] = [];
  private ackedSeq = 0;
  private nextSeq = 1;
  /** Lines of the file that are acknowledged or dropped but still written there. */
  private deadLines = 0;
  private readonly cap: number;
  private readonly warn: (message: string) => void;

  constructor(
    readonly path: string,
    options: QueueOptions = {},
  ) {
    this.cap = options.cap ?? DEFAULT_QUEUE_CAP;
    if (!Number.isInteger(this.cap) || this.cap < 1) throw new RangeError('the queue cap must be a positive integer');
    this.warn = options.warn ?? (() => undefined);
    this.load();
  }

  private get ackPath(): string {
    return `${this.path}.ack`;
  }

  private load(): void {
    if (existsSync(this.ackPath)) {
      const text = readFileSync(this.ackPath, 'utf8').trim();
      if (/^\d+$/.test(text)) this.ackedSeq = Number(text);
      else if (text !== '') this.warn(`${this.ackPath} is unreadable ("${text.slice(0, 40)}"); sending the whole queue again`);
    }
    let maxSeq = this.ackedSeq;
    if (existsSync(this.path)) {
      const content = readFileSync(this.path, 'utf8');
      // A crash mid-append leaves a torn last line: end it, so the next append starts a line of its own.
      if (content !== '' && !content.endsWith('\n')) appendFileSync(this.path, '\n');
      const lines = content.split('\n');
      lines.forEach((line, index) => {
        if (line.trim() === '') return;
        const item = parseItem(line);
        if (!item) {
          this.warn(`${this.path} line ${index + 1} is unreadable and was skipped: ${line.slice(0, 80)}`);
          this.deadLines++;
          return;
        }
        maxSeq = Math.max(maxSeq, item.seq);
        if (item.seq <= this.ackedSeq) this.deadLines++;
        else this.items.push(item);
      });
      this.items.sort((a, b) => a.seq - b.seq);
    }
    this.nextSeq = maxSeq + 1;
  }

  get size(): number {
    return this.items.length;
  }

  head(): QueueItem | undefined {
    return this.items[0];
  }

  /** Every waiting item, oldest first (a copy). */
  list(): QueueItem[] {
    return [...this.items];
  }

  /** True when a snapshot taken before `instant` (ISO) is still waiting. */
  hasSnapshotBefore(instant: string): boolean {
    const limit = Date.parse(instant);
    return this.items.some((item) => item.kind === 'snapshot' && Date.parse(item.at) < limit);
  }

  enqueue(item: NewQueueItem): QueueItem {
    const stored = { ...item, seq: this.nextSeq++ };
    appendFileSync(this.path, `${JSON.stringify(stored)}\n`);
    this.items.push(stored);
    if (this.items.length > this.cap) this.dropOldestSnapshots();
    return stored;
  }

  /** Removes the head item (sent and answered, or refused for good). */
  ack(seq: number): void {
    const head = this.items[0];
    if (!head || head.seq !== seq) throw new Error(`ack of ${seq}, but the queue's head is ${head?.seq ?? 'nothing'}`);
    this.items.shift();
    this.ackedSeq = seq;
    this.deadLines++;
    writeAtomically(this.ackPath, `${seq}\n`);
    if (this.items.length === 0 || this.deadLines >= 1000) this.rewrite();
  }

  /**
   * Over the cap: the oldest snapshots leave, a tenth of the cap at once (at least the overflow), so a
   * long outage rewrites the file once per cap/10 new items rather than at every one.
   */
  private dropOldestSnapshots(): void {
    const overflow = this.items.length - this.cap;
    const toDrop = Math.max(overflow, Math.floor(this.cap / 10), 1);
    const dropped = new Set<number>();
    for (const item of this.items) {
      if (dropped.size >= toDrop) break;
      if (item.kind === 'snapshot') dropped.add(item.seq);
    }
    if (dropped.size === 0) return;
    const first = this.items.find((i) => dropped.has(i.seq));
    this.items = this.items.filter((i) => !dropped.has(i.seq));
    this.deadLines += dropped.size;
    this.rewrite();
    this.warn(
      `the queue reached its cap of ${this.cap} items: dropped the ${dropped.size} oldest snapshots` +
        (first?.kind === 'snapshot' ? ` (from ${first.at})` : ''),
    );
  }

  private rewrite(): void {
    writeAtomically(this.path, this.items.map((item) => `${JSON.stringify(item)}\n`).join(''));
    this.deadLines = 0;
  }
}

function writeAtomically(path: string, content: string): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function parseItem(line: string): QueueItem | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const item = value as Record<string, unknown>;
  if (!isNumber(item.seq) || !Number.isInteger(item.seq) || item.seq < 1) return undefined;
  // The positions were checked when they were queued; a line that holds a list of them is one.
  if (item.kind === 'positions')
    return Array.isArray(item.positions) && item.positions.length > 0 ? (item as unknown as PositionsItem) : undefined;
  if (!isNumber(item.balance) || !isNumber(item.equity)) return undefined;
  if (item.kind === 'snapshot' && typeof item.at === 'string' && !Number.isNaN(Date.parse(item.at))) {
    if (item.closedPnl !== undefined && !isNumber(item.closedPnl)) return undefined;
    if (item.openPositions !== undefined && !Array.isArray(item.openPositions)) return undefined;
    return item as unknown as SnapshotItem;
  }
  if (item.kind === 'report' && typeof item.date === 'string' && isNumber(item.closedPnl)) return item as unknown as ReportItem;
  return undefined;
}
