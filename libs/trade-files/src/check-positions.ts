import Decimal from 'decimal.js';
import { TradeFileError, type TradeFileWhy } from './errors.js';
import type { FileTime, TradeFile } from './types.js';

/** A file time's instant as far as the file says it: its own offset, else read as if UTC (one clock for the file). */
function fileMs(time: FileTime): number {
  return Date.parse(`${time.local.replace(' ', 'T')}Z`) - (time.offsetMinutes ?? 0) * 60_000;
}

/**
 * What no platform writes for a real trade, refused naming the row, for every reader alike: a close before its open,
 * a volume that is not positive, and one position id on two positions of one file. (Times without an offset share
 * the file's one clock, so comparing them as written is exact but for the hour a clock change repeats.)
 */
export function checkFilePositions(file: TradeFile): TradeFile {
  const seen = new Map<string, number>();
  for (const p of file.positions) {
    const row = p.rows[0] ?? 0;
    const refuse = (column: string, value: string, why: string, reason: TradeFileWhy): never => {
      throw new TradeFileError('unreadable_row', `Line ${row}: ${why}.`, { row, column, value }, reason);
    };
    if (fileMs(p.closedAt) < fileMs(p.openedAt)) {
      refuse('close time', p.closedAt.local, `closed (${p.closedAt.local}) before it opened (${p.openedAt.local})`, {
        reason: 'closed_before_open',
        params: { open: p.openedAt.local, close: p.closedAt.local },
      });
    }
    if (!new Decimal(p.volume).gt(0)) {
      refuse('volume', p.volume, `the volume ${p.volume} is not positive`, { reason: 'volume_not_positive' });
    }
    const earlier = seen.get(p.position);
    if (earlier !== undefined) {
      refuse('id', p.position, `position ${p.position} is also on line ${earlier}`, {
        reason: 'duplicate_position',
        params: { position: p.position, line: earlier },
      });
    }
    seen.set(p.position, row);
  }
  return file;
}
