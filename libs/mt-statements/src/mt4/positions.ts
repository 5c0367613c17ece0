import { Decimal } from '../money.js';
import { addExit, finishPosition, openDraft, type Fill } from '../positions.js';
import type { Position } from '../types.js';
import type { Mt4Line, Mt4Trade } from './closed-transactions.js';

/**
 * An MT4 closed trade is a whole round trip: one entry at the open time, one exit at the close time carrying all
 * the money (MT4 books commission, taxes and swap when the trade closes, which is when the transaction is dated).
 */
export function mt4Position(line: Mt4Line, trade: Mt4Trade): Position {
  const t = line.transaction;
  const zero = new Decimal(0);
  const entry: Fill = {
    deal: t.ticket,
    time: trade.openedAt,
    volume: trade.volume,
    price: trade.openPrice.value,
    priceText: trade.openPrice.text,
    profit: zero,
    commission: zero,
    swap: zero,
    fee: zero,
  };
  const exit: Fill = {
    deal: t.ticket,
    time: t.time,
    volume: trade.volume,
    price: trade.closePrice.value,
    priceText: trade.closePrice.text,
    profit: line.amounts.profit,
    commission: line.amounts.commission,
    swap: line.amounts.swap,
    fee: line.amounts.taxes,
  };
  const draft = openDraft(
    {
      id: t.ticket,
      symbol: t.symbol ?? '',
      side: trade.side,
      comment: t.comment,
      magic: trade.magic,
      stopLoss: trade.stopLoss,
      takeProfit: trade.takeProfit,
    },
    entry,
  );
  addExit(draft, exit);
  return finishPosition(draft);
}
