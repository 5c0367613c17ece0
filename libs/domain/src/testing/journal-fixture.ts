import type { Caller } from '@propfolio/core';
import { RegisterAccountInput } from '../accounts/accounts.inputs.js';
import type { DomainServices } from '../services.js';
import { parse } from './fixtures.js';
import { PushPositionsInput } from '../trades/trades.inputs.js';

/** What the trade specs do first: a fresh USD 10,000 account of the caller, and the tracker's push to it. */
export function journalFixture(services: () => DomainServices) {
  return {
    account: async (caller: Caller) =>
      services().accounts.register(
        caller,
        await parse(RegisterAccountInput, {
          login: `${Math.floor(Math.random() * 1e9)}`,
          server: 'Broker-Live',
          currency: 'USD',
          initialBalance: 10000,
        }),
      ),
    push: async (caller: Caller, id: string, positions: object[]) =>
      services().trades.push(caller, await parse(PushPositionsInput, { id, positions })),
  };
}
