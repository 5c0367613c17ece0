import type {
  ChallengeCostModel as Cost,
  ChallengeModel as Challenge,
  EaAccountModel as EaAccount,
  MemoModel as Memo,
  PayoutModel as Payout,
} from '@propfolio/db';
import { columns } from './json-rows.js';

// Every column of the models the views take, by how each travels as JSON (a model that gains a column fails
// to compile here until it is listed), shared by the one-statement reads.
export const CHALLENGE = columns<Challenge>()({
  plain: 'id userId firm plan currency billing phase status paymentMethod couponCode planId resetOfId fxCurrency rulesOverride platform',
  decimal: 'price listPrice fxRate',
  date: 'purchasedAt passedAt failedAt monthlyEndedAt',
  instant: 'createdAt updatedAt',
});
export const MEMO = columns<Memo>()({ plain: 'id userId challengeId content', instant: 'createdAt' });
export const PAYOUT = columns<Payout>()({
  plain: 'id userId challengeId currency status deniedReason method fxCurrency',
  decimal: 'amount grossAmount splitPercent fxRate',
  date: 'date',
  instant: 'createdAt',
});
export const ACCOUNT = columns<EaAccount>()({
  plain: 'id userId challengeId login server name currency archivedReason platform',
  decimal: 'initialBalance balance equity',
  date: 'lastReportOn',
  instant: 'archivedAt createdAt',
});
export const COST = columns<Cost>()({
  plain: 'id userId challengeId kind currency note fxCurrency',
  decimal: 'amount fxRate',
  date: 'date',
  instant: 'createdAt',
});
