/** One of the 21 MT5 timeframes. */
export interface Timeframe {
  name: string;
  /** ENUM_TIMEFRAMES value in MT5 `.set` files. */
  mt5Code: number;
  minutes: number;
  /** MT4 has only nine timeframes; its code is the minute count. */
  inMt4: boolean;
}

const hours = (h: number): Timeframe => ({ name: `H${h}`, mt5Code: 0x4000 | h, minutes: h * 60, inMt4: h === 1 || h === 4 });
const mins = (m: number): Timeframe => ({ name: `M${m}`, mt5Code: m, minutes: m, inMt4: [1, 5, 15, 30].includes(m) });

const TIMEFRAMES: readonly Timeframe[] = [
  ...[1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].map(mins),
  ...[1, 2, 3, 4, 6, 8, 12].map(hours),
  { name: 'D1', mt5Code: 16408, minutes: 1440, inMt4: true },
  { name: 'W1', mt5Code: 32769, minutes: 10080, inMt4: true },
  { name: 'MN1', mt5Code: 49153, minutes: 43200, inMt4: true },
];

const ALIASES: Record<string, string> = { DAILY: 'D1', WEEKLY: 'W1', MONTHLY: 'MN1', MN: 'MN1', D: 'D1', W: 'W1' };

/** Finds a timeframe by name (`H1`, `d1`, `Daily`, `Weekly`, `Monthly`, `MN`). */
export function timeframeByName(name: string): Timeframe | undefined {
  const upper = name.trim().toUpperCase();
  const canonical = ALIASES[upper] ?? upper;
  return TIMEFRAMES.find((t) => t.name === canonical);
}

export function timeframeByMt5Code(code: number): Timeframe | undefined {
  return TIMEFRAMES.find((t) => t.mt5Code === code);
}

function timeframeByMinutes(minutes: number): Timeframe | undefined {
  return TIMEFRAMES.find((t) => t.minutes === minutes);
}

/** MT4 writes timeframes as minutes; PERIOD_CURRENT (0) is the same on both. */
export function mt5CodeToMt4(code: number): number | undefined {
  if (code === 0) return 0;
  const tf = timeframeByMt5Code(code);
  return tf?.inMt4 ? tf.minutes : undefined;
}

export function mt4CodeToMt5(minutes: number): number | undefined {
  if (minutes === 0) return 0;
  const tf = timeframeByMinutes(minutes);
  return tf?.inMt4 ? tf.mt5Code : undefined;
}
