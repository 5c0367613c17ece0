import type { ClosedPosition } from '../src/index.js';

/** The closed position of docs/tracker-protocol.md's example: bought, with a stop, watched while open (MAE/MFE). */
export const EXAMPLE_POSITION: ClosedPosition = {
  position: '123456',
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.5,
  openedAt: '2026-03-05T07:00:00Z',
  closedAt: '2026-03-05T09:30:00Z',
  openPrice: 1.08312,
  closePrice: 1.08455,
  stopLoss: 1.0811,
  takeProfit: null,
  commission: -3.5,
  swap: 0,
  fee: 0,
  profit: 71.5,
  comment: '',
  magic: 0,
  mae: -42.1,
  mfe: 88.3,
};
