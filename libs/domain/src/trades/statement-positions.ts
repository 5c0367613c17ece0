import { localToInstant, type BrokerZone } from '@propfolio/coach';
import type { Position } from '@propfolio/mt-statements';
import { Slicer } from '../shared/slicer.js';
import type { PositionRecord } from './trade-store.js';

/**
 * A statement's closed positions as records for `storePositions`: the broker wall clock of each entry and exit
 * turned into instants with the zone the import was given (the same conversion its days use), the amounts
 * kept as the exact text the reader wrote. A position closed in one deal lists no exits (its close is the
 * trade's); a partial close lists each closing deal. A statement knows no MAE/MFE.
 */
export async function positionRecordsFromStatement(positions: readonly Position[], zone: BrokerZone): Promise<PositionRecord[]> {
  // In slices, as the statement's days are: the largest file's positions would hold the event loop for a second.
  const slicer = new Slicer();
  const records: PositionRecord[] = [];
  for (const p of positions) {
    records.push(recordOf(p, zone));
    await slicer.pause();
  }
  return records;
}

function recordOf(p: Position, zone: BrokerZone): PositionRecord {
  return {
    position: p.position,
    symbol: p.symbol,
    side: p.side,
    volume: p.volume,
    openedAt: localToInstant(p.openedAt, zone),
    closedAt: localToInstant(p.closedAt, zone),
    openPrice: p.openPrice,
    closePrice: p.closePrice,
    stopLoss: p.stopLoss,
    takeProfit: p.takeProfit,
    commission: p.commission,
    swap: p.swap,
    fee: p.fee,
    profit: p.profit,
    comment: p.comment === '' ? null : p.comment,
    magic: p.magic,
    mae: null,
    mfe: null,
    exits:
      p.exits.length > 1
        ? p.exits.map((exit) => ({ at: localToInstant(exit.time, zone), volume: exit.volume, price: exit.price, profit: exit.profit }))
        : [],
  };
}
