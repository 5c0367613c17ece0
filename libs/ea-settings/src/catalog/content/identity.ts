import type { EaIdentityData } from '../types.js';

/** Who the EA is. Replace this file (and the groups) to describe another EA or version. */
export const identity: EaIdentityData = {
  name: 'Propfolio Discretionary Assist EA',
  fileStem: 'PropfolioAssist',
  version: '3.2.0',
  platforms: ['mt5', 'mt4'],
  summary: {
    ja: '裁量トレードを補助する半自動EAです。エントリーは手動ボタン・ホットキー・シグナルから行い、ロット計算、損切り・利確、建値移動、トレーリング、部分決済、日次損失や最大ドローダウンのガードをEAが自動で管理します。',
    en: 'A semi-discretionary EA: you enter from on-chart buttons, hotkeys or its signals, and the EA manages lot sizing, stop loss and take profit, break-even, trailing, partial closes and the daily-loss and drawdown guards for you.',
  },
  howToGet: {
    ja: 'サイトのEAページから会員としてダウンロードし、MT5はMQL5\\Experts、MT4はMQL4\\Expertsフォルダーにコピーしてターミナルを再起動します。',
    en: 'Download it from the EA page of the site as a member, copy it into MQL5\\Experts (MT5) or MQL4\\Experts (MT4) and restart the terminal.',
  },
  suitedFor: [
    {
      ja: 'プロップファームのチャレンジ中で、損失ルールを機械的に守りたい裁量トレーダー',
      en: 'Discretionary traders in a prop-firm challenge who want the loss rules enforced mechanically',
    },
    {
      ja: 'エントリーは自分で判断し、決済と資金管理を自動化したい人',
      en: 'Traders who decide entries themselves and want exits and money management automated',
    },
    { ja: '複数の通貨ペアを同じリスク設定で管理したい人', en: 'Traders who manage several symbols with one risk setup' },
  ],
  notSuitedFor: [
    { ja: '完全放置の自動売買だけを求める人', en: 'People looking for a fully hands-off trading robot' },
    { ja: 'EAの利用を禁止しているプロップファームの口座', en: 'Accounts at prop firms that ban EAs' },
  ],
  gettingStarted: [
    {
      ja: 'まずデモ口座で既定値のまま動かし、パネルとボタンの動作を確認します。',
      en: 'Run it on a demo account with the defaults first and check the panel and buttons.',
    },
    {
      ja: 'ロット計算（5番グループ）でリスク%を決め、損切り（7番）と利確（8番）の方式を選びます。',
      en: 'Choose the risk % in lot sizing (group 5) and the stop-loss (7) and take-profit (8) modes.',
    },
    {
      ja: 'プロップファームを使う場合は、日次損失ガード（17番）と最大ドローダウン（18番）をファームの規定より内側に設定します。',
      en: 'On a prop-firm account set the daily loss guard (17) and total drawdown guard (18) inside the firm limits.',
    },
    {
      ja: 'ストラテジーテスターで同じ.setを使って検証してから本番口座に適用します。',
      en: 'Verify the same .set in the strategy tester before using it live.',
    },
  ],
};
