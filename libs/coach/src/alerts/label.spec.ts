import { moneyText } from '../shared/money-text.js';
import { alertLabel } from './label.js';

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
