// The protocol says the EA and the reference tracker send the same bytes for the same figures. The EAs' own functions
// (FormatAmount, JsonString, PositionJson, QueueLine …) are built with clang against a small MQL run-time
// (tools/mql-check/mql-runtime.h) and run here, and what they write is compared with src/protocol.ts.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { checkMql, clangAvailable, readMqlSource, runMql } from '../../../tools/mql-check/mql-check.js';
import {
  encodeQueryValue,
  formatAmount,
  formatInstant,
  formatQuantity,
  jsonString,
  positionsBody,
  reportBody,
  snapshotBody,
  type ClosedPosition,
} from '../src/index.js';
import { EXAMPLE_POSITION } from './example-position.js';

const EAS = {
  mql5: fileURLToPath(new URL('../mql5/PropfolioTracker.mq5', import.meta.url)),
  mql4: fileURLToPath(new URL('../mql4/PropfolioTracker.mq4', import.meta.url)),
};

/** A C++ expression for an MQL string holding `text` (built from its UTF-8 bytes, so any character survives). */
const mqlString = (text: string) =>
  `mql_runtime_string(std::string({${[...Buffer.from(text, 'utf8')].map((b) => `'\\x${b.toString(16)}'`).join(',')}}))`;
/** A C++ double literal that reads back as the same double (JavaScript writes the shortest round-trip form). */
const cppDouble = (value: number) => String(value);

const AMOUNTS = [101250.4, 101180, 100000, -12.345, 1.005, 0.1 + 0.2, -0.001, -0, 412.25, 99_999_999.995, 0.005, -71.499];
const QUANTITIES = [1.0831, 151.234, 65000, 0.01, 0.5, (1.08455 * 0.3 + 1.0851 * 0.2) / 0.5, 1.234567895, -0.000000001, 0.00001234];
const TEXTS = ['', 'FTMO-Demo', 'a "quoted" \\ back', 'line\nbreak\r\ttab', '\u0001\u001f', 'フェーズ1', 'emoji 😀'];
const QUERY = ['FTMO-Demo', 'ICMarketsSC-Demo 02', "a+b&c=d/e!'()*~", 'サーバー'];
const INSTANTS = ['2026-03-05T14:03:00Z', '2026-12-31T23:59:59Z', '2024-02-29T00:00:00Z'];
const PARSED = ['2026-03-05T14:03:00.000Z', '2026-03-05T15:03:00+01:00', '2026-03-04T23:00:00-05:30', '2026-03-05T14:03:00.123456Z'];

const POSITION = EXAMPLE_POSITION;
/** Watched only from after it opened: no excursions. Sold, with both levels and a comment to escape. */
const UNWATCHED: ClosedPosition = {
  ...POSITION,
  position: '123457',
  symbol: 'XAUUSD.r',
  side: 'sell',
  volume: 1.25,
  openPrice: 2034.155,
  closePrice: (2030.1 * 1 + 2029.87 * 0.25) / 1.25,
  stopLoss: 2040,
  takeProfit: 2020.5,
  commission: -8.75,
  swap: -1.2,
  fee: -0.1,
  profit: 500.06,
  comment: 'tp "1"',
  magic: 20260305,
  mae: null,
  mfe: null,
};

/** C++ that fills a ClosedPosition `name` from a protocol position (times in UTC: the driver sets the server offset to 0). */
function positionCode(name: string, p: ClosedPosition): string {
  const level = (v: number | null) => cppDouble(v ?? 0);
  return [
    `ClosedPosition ${name};`,
    `${name}.id = ${p.position}; ${name}.symbol = ${mqlString(p.symbol)}; ${name}.buy = ${String(p.side === 'buy')};`,
    `${name}.volume = ${cppDouble(p.volume)}; ${name}.opened = ${Date.parse(p.openedAt) / 1000}; ${name}.closed = ${Date.parse(p.closedAt) / 1000};`,
    `${name}.openPrice = ${cppDouble(p.openPrice)}; ${name}.closePrice = ${cppDouble(p.closePrice)};`,
    `${name}.stopLoss = ${level(p.stopLoss)}; ${name}.takeProfit = ${level(p.takeProfit)};`,
    `${name}.commission = ${cppDouble(p.commission)}; ${name}.swap = ${cppDouble(p.swap)}; ${name}.fee = ${cppDouble(p.fee)};`,
    `${name}.profit = ${cppDouble(p.profit)}; ${name}.comment = ${mqlString(p.comment)}; ${name}.magic = ${p.magic};`,
    // The floating profit sampled while open: the worst and the best are the excursions sent.
    ...(p.mae === null || p.mfe === null
      ? []
      : [
          `SampleExcursion(${p.position}, ${cppDouble(p.mae)}, ${name}.opened);`,
          `SampleExcursion(${p.position}, ${cppDouble(p.mfe)}, ${name}.opened);`,
          `SampleExcursion(${p.position}, 0, ${name}.opened);`,
        ]),
  ].join('\n');
}

/** The driver: one output line per expression, in order. */
function driver(): string {
  const lines = [
    ...AMOUNTS.map((v) => `FormatAmount(${cppDouble(v)})`),
    ...QUANTITIES.map((v) => `FormatQuantity(${cppDouble(v)})`),
    ...TEXTS.map((t) => `JsonString(${mqlString(t)})`),
    ...QUERY.map((t) => `UrlEncode(${mqlString(t)})`),
    ...INSTANTS.map((t) => `FormatInstant(${Date.parse(t) / 1000})`),
    ...PARSED.map((t) => `IntegerToString((long)ParseInstant(${mqlString(t)}))`),
    'SnapshotBody(snapshot)',
    'ReportBody(report)',
    'PositionsBody(positions)',
    'QueueLine(positions)',
    '(ParseQueueLine(QueueLine(positions), back) && back.isPositions ? back.positions : "unreadable"_s)',
    'JsonText("{\\"accountId\\":\\"acc-1\\",\\"accepted\\":2,\\"unchanged\\":1}"_s, "accepted"_s)',
    'IntegerToString(ArraySize(g_excursionId))',
  ];
  return `
int main() {
  g_serverOffset = 0;
  g_watchSince = 0;
  QueueItem snapshot;
  snapshot.at = "2026-03-05T14:03:00Z"_s; snapshot.balance = 101250.4; snapshot.equity = 101180;
  QueueItem report;
  report.date = "2026-03-05"_s; report.balance = 101250.4; report.equity = 101180; report.closedPnl = 412.25;
${positionCode('p', POSITION)}
${positionCode('q', UNWATCHED)}
  QueueItem positions;
  positions.isReport = false; positions.isPositions = true; positions.seq = 43;
  positions.positions = "["_s + PositionJson(p) + ","_s + PositionJson(q) + "]"_s;
  QueueItem back;
${lines.map((expression) => `  std::printf("%s\\n", mql_runtime_utf8(${expression}).c_str());`).join('\n')}
}`;
}

const HAVE_CLANG = clangAvailable();

(HAVE_CLANG ? describe : describe.skip).each(Object.entries(EAS))('the %s EA writes the reference tracker’s bytes', (_dialect, path) => {
  const source = readMqlSource(path);
  /** The driver's lines, cut into the sections it writes (so that one wrong line does not shift the others). */
  let out: Record<'amounts' | 'quantities' | 'texts' | 'query' | 'instants' | 'parsed' | 'messages', string[]> | undefined;

  it('builds and runs its own protocol code', () => {
    expect(checkMql(source, path).ok).toBe(true);
    const lines = runMql(source, path, driver()).split('\n');
    const take = (count: number) => lines.splice(0, count);
    out = {
      amounts: take(AMOUNTS.length),
      quantities: take(QUANTITIES.length),
      texts: take(TEXTS.length),
      query: take(QUERY.length),
      instants: take(INSTANTS.length),
      parsed: take(PARSED.length),
      messages: take(7),
    };
    expect(lines).toEqual(['']);
  });

  it('writes amounts, quantities, strings, query values and instants as src/protocol.ts does', () => {
    expect(out?.amounts).toEqual(AMOUNTS.map(formatAmount));
    expect(out?.quantities).toEqual(QUANTITIES.map(formatQuantity));
    expect(out?.texts).toEqual(TEXTS.map(jsonString));
    expect(out?.query).toEqual(QUERY.map(encodeQueryValue));
    expect(out?.instants).toEqual(INSTANTS.map((t) => formatInstant(Date.parse(t))));
    expect(out?.parsed.map(Number)).toEqual(PARSED.map((t) => Math.floor(Date.parse(t) / 1000)));
  });

  it('writes the snapshot, report and closed-positions bodies byte for byte, and reads its own queue line back', () => {
    const [snapshot, report, positions, line, back, accepted, excursionsLeft] = out?.messages ?? [];
    expect(snapshot).toBe(snapshotBody({ at: '2026-03-05T14:03:00Z', balance: 101250.4, equity: 101180 }));
    expect(report).toBe(reportBody({ date: '2026-03-05', balance: 101250.4, equity: 101180, closedPnl: 412.25 }));
    const body = positionsBody({ positions: [POSITION, UNWATCHED] });
    expect(positions).toBe(body);
    expect(JSON.parse(line ?? '')).toEqual({ kind: 'positions', ...(JSON.parse(body) as object), seq: 43 });
    expect(back).toBe(body.slice('{"positions":'.length, -1));
    expect(accepted).toBe('2');
    // Each excursion is forgotten once its position is written.
    expect(excursionsLeft).toBe('0');
  });
});
