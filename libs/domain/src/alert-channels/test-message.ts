import type { AlertMessage } from '../alerts/alert-message.js';

export type Language = 'ja' | 'en';

/** The "send test" message, in the alert's shape: says where it came from and that nothing happened to an account. */
export function testMessage(channelName: string, language: Language): AlertMessage {
  return language === 'ja'
    ? {
        title: '[Propfolio] テスト通知',
        subject: '[Propfolio] テスト通知',
        text: `[Propfolio] チャンネル「${channelName}」のテスト通知です。口座には何も起きていません。`,
      }
    : {
        title: '[Propfolio] Test alert',
        subject: '[Propfolio] Test alert',
        text: `[Propfolio] A test of the channel "${channelName}". Nothing happened to any account.`,
      };
}
