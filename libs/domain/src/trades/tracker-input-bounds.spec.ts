import { describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { AccountSnapshotInput } from '../accounts/accounts.inputs.js';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { closedPosition as position } from './trade-fixtures.js';
import { PushPositionsInput } from './trades.inputs.js';

/** The field a refused tracker message names, as every front door answers it (400 validation_failed). */
async function refusedField(contract: typeof PushPositionsInput | typeof AccountSnapshotInput, input: object): Promise<string[]> {
  try {
    await parse(contract as new () => object, input);
  } catch (error) {
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    return ((error as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
  }
  throw new Error('accepted');
}

const ID = 'acc';
const snapshot = (over: object) => ({ id: ID, at: '2026-03-05T14:03:00Z', balance: 100000, equity: 100000, ...over });
const open = (id: string, over: object = {}) => ({
  position: id,
  symbol: 'XAUUSD',
  side: 'buy',
  volume: 1,
  openedAt: '2026-03-05T13:40:00Z',
  ...over,
});

describe('the tracker’s message is refused naming the field', () => {
  it.each([
    ['a closing year past MetaTrader’s datetime', { closedAt: '9999-01-01T00:00:00Z' }, 'positions.0.closedAt'],
    ['an opening year before 1970', { openedAt: '1900-01-01T00:00:00Z' }, 'positions.0.openedAt'],
    ['an exit in year 3001', { exits: [{ at: '3001-01-01T00:00:00Z', volume: 1, price: 1, profit: 1 }] }, 'positions.0.exits.0.at'],
    ['a position id with letters', { position: 'abc' }, 'positions.0.position'],
    ['a signed position id', { position: '-1' }, 'positions.0.position'],
    ['a position id past 20 digits', { position: '1'.repeat(21) }, 'positions.0.position'],
    ['an adverse excursion above 0', { mae: 0.01 }, 'positions.0.mae'],
    ['a favourable excursion below 0', { mfe: -0.01 }, 'positions.0.mfe'],
  ])('positions: %s', async (_, over, field) => {
    expect(await refusedField(PushPositionsInput, { id: ID, positions: [position('1', over)] })).toEqual([field]);
  });

  it('positions: the bounds themselves are accepted (a 20-digit id, mae 0, mfe 0, years 1970 and 3000)', async () => {
    const edge = position('18446744073709551615', { openedAt: '1970-01-01T00:00:00Z', closedAt: '3000-12-31T23:59:59Z', mae: 0, mfe: 0 });
    await expect(parse(PushPositionsInput, { id: ID, positions: [edge] })).resolves.toBeInstanceOf(PushPositionsInput);
  });

  it.each([
    ['`at` in 1900', { at: '1900-01-01T00:00:00Z' }, 'at'],
    [
      'an open position opened in 1969 (UTC)',
      { openPositions: [open('1', { openedAt: '1970-01-01T08:59:59+09:00' })] },
      'openPositions.0.openedAt',
    ],
    ['an open position id with letters', { openPositions: [open('x1')] }, 'openPositions.0.position'],
  ])('snapshots: %s', async (_, over, field) => {
    expect(await refusedField(AccountSnapshotInput, snapshot(over))).toEqual([field]);
  });

  it('says which bound an instant broke: the years, or the format', async () => {
    await expect(parse(AccountSnapshotInput, snapshot({ at: '1900-01-01T00:00:00Z' }))).rejects.toMatchObject({
      detail: expect.stringContaining('at must fall in the years MetaTrader records (1970–3000)'),
    });
    await expect(parse(AccountSnapshotInput, snapshot({ at: '2026-03-05 14:03' }))).rejects.toMatchObject({
      detail: expect.stringContaining('at must be an ISO 8601 date-time with its zone'),
    });
  });
});

describeEachDatabase('the tracker’s message is checked against the clock and itself', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);

  it('a position closed in 2100, or more than a day past the clock, is refused naming it; a day ahead is kept', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const now = new Date('2026-03-15T12:00:00Z');
    const send = async (positions: object[]) => services().trades.push(caller, await parse(PushPositionsInput, { id, positions }), now);
    for (const closedAt of ['2100-01-01T00:00:00Z', '2026-03-16T12:00:00.001Z']) {
      await expect(send([position('1'), position('2', { closedAt })])).rejects.toMatchObject({
        code: 'position_rejected',
        status: 422,
        errors: [{ field: 'positions.1.closedAt' }],
        detail: expect.stringMatching(/^Position 2: closedAt is more than a day after the service's clock/),
      });
    }
    await expect(send([position('3', { closedAt: '2026-03-16T12:00:00Z' })])).resolves.toMatchObject({ accepted: 1 });
    await expect(push(caller, id, [position('1')])).resolves.toMatchObject({ accepted: 1 });
  });

  it('a message of more rows than one write statement takes is stored whole, and a resend is unchanged', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const exits = Array.from({ length: 100 }, (_, i) => ({ at: '2026-03-02T01:00:00Z', volume: 0.01, price: 1.1, profit: i }));
    const positions = Array.from({ length: 60 }, (_, i) => position(String(i + 1), { exits }));
    await expect(push(caller, id, positions)).resolves.toMatchObject({ accepted: 60, unchanged: 0 });
    await expect(push(caller, id, positions)).resolves.toMatchObject({ accepted: 0, unchanged: 60 });
    expect(await getDb().prisma.trade.count({ where: { accountId: id } })).toBe(60);
  });

  it('a snapshot listing an open position twice is refused naming the second', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const input = await parse(AccountSnapshotInput, {
      ...snapshot({ id, at: '2026-03-05T14:03:00Z' }),
      openPositions: [open('5'), open('6'), open('5')],
    });
    await expect(services().snapshots.push(caller, input, new Date('2026-03-05T14:04:00Z'))).rejects.toMatchObject({
      code: 'validation_failed',
      status: 400,
      errors: [{ field: 'openPositions[2].position' }],
    });
    const rows = await getDb().prisma.intradayEquity.count({ where: { accountId: id } });
    expect(rows).toBe(0);
  });
});
