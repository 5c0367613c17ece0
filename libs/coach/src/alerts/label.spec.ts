import { moneyText } from '../shared/money-text.js';
import { alertLabel, type NamedAccount, toldApartLabel } from './label.js';

describe('alert label and money', () => {
  it('says firm · plan · account without repeating what an earlier part said', () => {
    expect(alertLabel(['FTMO', 'FTMO 2-Step 100k', 'FTMO 100k P1'])).toBe('FTMO · 2-Step 100k · 100k P1');
    expect(alertLabel(['FTMO', '2-Step 100k', '5012345@FTMO-Demo'])).toBe('FTMO · 2-Step 100k · 5012345@FTMO-Demo');
    expect(alertLabel(['FTMO', 'FTMO', 'FTMO'])).toBe('FTMO');
    expect(alertLabel(['The5ers', 'Hyper Growth', 'the5ers hyper growth: main'])).toBe('The5ers · Hyper Growth · main');
    expect(alertLabel(['FTMO', null, 'FTMOX 1'])).toBe('FTMO · FTMOX 1');
  });

  it('formats money as the dashboard does, exactly, in the currency’s minor units', () => {
    expect(moneyText('2133.45', 'USD', 'en')).toBe('$2,133.45');
    expect(moneyText('142970', 'JPY', 'ja')).toBe('￥142,970');
    expect(moneyText('142970', 'JPY', 'en')).toBe('¥142,970');
    expect(moneyText('1250', 'USD', 'en')).toBe('$1,250.00');
    expect(moneyText('0.12345', 'USD', 'en')).toBe('$0.1235');
    expect(moneyText('90071992547409.93', 'USD', 'en')).toBe('$90,071,992,547,409.93');
  });
});

describe('told-apart account labels', () => {
  const base: NamedAccount = {
    id: 'a1',
    challengeId: 'c1',
    firm: 'FTMO',
    plan: 'FTMO 2-Step 100k',
    label: 'FTMO 100k',
    login: '5012345',
    purchasedOn: '2026-10-01',
  };

  it('adds nothing when no other account would read the same', () => {
    const other = { ...base, id: 'a2', challengeId: 'c2', label: 'FTMO 100k P2', login: '5012346', purchasedOn: '2026-11-02' };
    expect(toldApartLabel(base, [base, other])).toBe('FTMO 100k');
  });

  it('two attempts at one plan, accounts named alike: the purchase date tells them apart', () => {
    const second = { ...base, id: 'a2', challengeId: 'c2', login: '5012346', purchasedOn: '2026-11-02' };
    expect([toldApartLabel(base, [base, second]), toldApartLabel(second, [base, second])]).toEqual([
      'FTMO 100k · 2026-10-01',
      'FTMO 100k · 2026-11-02',
    ]);
  });

  it('a twin in the same challenge (or bought the same day): the login', () => {
    const same = { ...base, id: 'a2', login: '5012346' };
    const sameDay = { ...base, id: 'a3', challengeId: 'c3', login: '5012347' };
    expect(toldApartLabel(same, [base, same])).toBe('FTMO 100k · 5012346');
    expect(toldApartLabel(sameDay, [base, sameDay])).toBe('FTMO 100k · 5012347');
  });

  it('a firm said again in the name still makes a twin ("FTMO 100k" and "100k" read alike under FTMO)', () => {
    const short = { ...base, id: 'a2', label: '100k', login: '5012346' };
    expect(toldApartLabel(short, [base, short])).toBe('100k · 5012346');
  });

  it('a label that is login@server already names the login', () => {
    const a = { ...base, label: '5012345@FTMO-Demo' };
    const b = { ...base, id: 'a2', label: '5012345@FTMO-Demo', login: '5012345' };
    expect(toldApartLabel(a, [a, b])).toBe('5012345@FTMO-Demo');
  });
});
