import { describe, expect, it } from '@jest/globals';
import { type NamedAccount, toldApartLabel } from '@propfolio/coach';
import type { AlertEvent } from './alert-events.js';
import { alertMessage } from './alert-message.js';

const event: AlertEvent = {
  userId: 'u',
  challengeId: 'c',
  accountId: 'a',
  rule: 'daily_loss',
  threshold: 25,
  firmDay: '2026-03-30',
  firm: 'FTMO',
  plan: 'FTMO 2-Step 100k',
  accountLabel: '5012345@FTMO-Demo',
  amountLeft: '1200.5',
  percentLeft: 24.01,
  floor: '95000',
  currency: 'USD',
  firmDayEndsAt: '2026-03-30T22:00:00Z',
};

describe('alert messages', () => {
  it('name the firm, account, rule, amount and percent left, floor and end of the firm day, in English', () => {
    expect(alertMessage({ ...event, language: 'en' }).text).toBe(
      [
        'FTMO · 2-Step 100k · 5012345@FTMO-Demo: Daily loss: 25% or less left',
        'Left: $1,200.50 (24.01%)',
        'Floor: equity $95,000.00',
        'Firm day 2026-03-30 ends 2026-03-30 22:00 UTC',
      ].join('\n'),
    );
  });

  it('in Japanese by default (the users table’s default language)', () => {
    expect(alertMessage(event).text).toBe(
      [
        'FTMO · 2-Step 100k · 5012345@FTMO-Demo: 日次損失: 残り 25% 以下',
        '残り: $1,200.50（24.01%）',
        '下限: 有効証拠金 $95,000.00',
        'ファーム日 2026-03-30 の終了: 2026-03-30 22:00 UTC',
      ].join('\n'),
    );
  });

  it('formats yen without decimals and never repeats the firm in the plan or the account name', () => {
    const yen = alertMessage({
      ...event,
      currency: 'JPY',
      amountLeft: '142970',
      floor: '9000000',
      accountLabel: 'FTMO 100k P1',
      language: 'en',
    });
    expect(yen.text.split('\n').slice(0, 3)).toEqual([
      'FTMO · 2-Step 100k · 100k P1: Daily loss: 25% or less left',
      'Left: ¥142,970 (24.01%)',
      'Floor: equity ¥9,000,000',
    ]);
    expect(yen.subject).toBe('[Propfolio] Daily loss: 25% or less left');
  });

  it('leave out what a rule has not: a silent tracker names no amount or floor', () => {
    const silent = alertMessage({
      ...event,
      rule: 'tracker_silent',
      threshold: 30,
      amountLeft: null,
      percentLeft: null,
      floor: null,
      language: 'en',
    });
    expect(silent.text).toBe(
      'FTMO · 2-Step 100k · 5012345@FTMO-Demo: Tracker silent for more than 30 minutes\nFirm day 2026-03-30 ends 2026-03-30 22:00 UTC',
    );
  });
});

describe('alert titles of two accounts named alike', () => {
  // Two attempts at FTMO 2-Step 100k, both accounts named "FTMO 100k", and a third account of the first attempt named so too.
  const accounts: NamedAccount[] = [
    {
      id: 'a1',
      challengeId: 'c1',
      firm: 'FTMO',
      plan: 'FTMO 2-Step 100k',
      label: 'FTMO 100k',
      login: '5012345',
      purchasedOn: '2026-10-01',
    },
    {
      id: 'a2',
      challengeId: 'c2',
      firm: 'FTMO',
      plan: 'FTMO 2-Step 100k',
      label: 'FTMO 100k',
      login: '5012346',
      purchasedOn: '2026-11-02',
    },
    {
      id: 'a3',
      challengeId: 'c1',
      firm: 'FTMO',
      plan: 'FTMO 2-Step 100k',
      label: 'FTMO 100k',
      login: '5012347',
      purchasedOn: '2026-10-01',
    },
  ];
  const titles = (language: 'ja' | 'en') =>
    accounts.map((a) => alertMessage({ ...event, accountId: a.id, accountLabel: toldApartLabel(a, accounts), language }).title);

  it('differ, by purchase date and then login, in English and Japanese', () => {
    expect(titles('en')).toEqual([
      'FTMO · 2-Step 100k · 100k · 2026-10-01 · 5012345: Daily loss: 25% or less left',
      'FTMO · 2-Step 100k · 100k · 2026-11-02: Daily loss: 25% or less left',
      'FTMO · 2-Step 100k · 100k · 2026-10-01 · 5012347: Daily loss: 25% or less left',
    ]);
    for (const language of ['ja', 'en'] as const) expect(new Set(titles(language)).size).toBe(accounts.length);
  });

  it('read as before without the told-apart label: the same title twice (what the label fixes)', () => {
    const plain = accounts.map((a) => alertMessage({ ...event, accountLabel: a.label, language: 'ja' }).title);
    expect(new Set(plain).size).toBe(1);
  });
});
