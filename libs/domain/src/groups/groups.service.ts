import { alertLabel, checkGroupTrade, CoachInputError, groupGuardLevels, toldApartLabel, type GroupMember } from '@propfolio/coach';
import { AppError, type Caller } from '@propfolio/core';
import type { AlertService } from '../alerts/alerts.service.js';
import { tradeRiskOf } from '../alerts/trade-risk.js';
import type {
  AccountGroupIdInput,
  CheckGroupTradeInput,
  CreateAccountGroupInput,
  GroupMemberInput,
  UpdateAccountGroupInput,
} from './groups.inputs.js';
import type { AccountGroupView, GroupGuardLevelsView, GroupTradeCheckView } from './groups.outputs.js';
import type { CopiedAccount, CopyTradingView } from '../challenges/copy-trading.js';
import { isDuplicateName, type GroupsRepository, type OwnerAccount, type StoredGroup, type StoredMember } from './groups.repository.js';

/**
 * Groups of accounts that trade one strategy (a copier's master and copies): named, each account with its lot
 * multiplier, and a pre-trade check that judges a copied trade on every account by its own rules (the coach's
 * checkGroupTrade over each account's own headroom, read as check_trade reads it).
 */
/**
 * The owner's copy-trading judge: reads what it needs once (the challenges in progress and the catalog's firm rules,
 * handed in by services.ts) and judges any of the owner's groups by its members.
 */
export type CopyTradingJudge = (ownerId: string) => Promise<(members: readonly CopiedAccount[]) => CopyTradingView[]>;

export class GroupsService {
  constructor(
    private readonly repository: GroupsRepository,
    private readonly alerts: AlertService,
    private readonly copyTrading: CopyTradingJudge,
  ) {}

  async list(caller: Caller): Promise<{ groups: AccountGroupView[] }> {
    const [groups, accounts] = await Promise.all([this.repository.list(caller.userId), this.repository.ownerAccounts(caller.userId)]);
    // The copy-trading judge reads the owner's challenges in progress: only when there is a group to judge.
    if (groups.length === 0) return { groups: [] };
    const judge = await this.copyTrading(caller.userId);
    return { groups: groups.map((g) => viewOf(g, accounts, judge)) };
  }

  async create(caller: Caller, input: CreateAccountGroupInput, now = new Date()): Promise<AccountGroupView> {
    const accounts = await this.repository.ownerAccounts(caller.userId);
    const members = membersOf(input.accounts, accounts);
    try {
      const group = await this.repository.create(caller.userId, input.name.trim(), members, now);
      return viewOf(group, accounts, await this.copyTrading(caller.userId));
    } catch (error) {
      if (isDuplicateName(error)) throw duplicateName(input.name);
      throw error;
    }
  }

  async update(caller: Caller, input: UpdateAccountGroupInput, now = new Date()): Promise<AccountGroupView> {
    const accounts = await this.repository.ownerAccounts(caller.userId);
    const members = input.accounts === undefined ? undefined : membersOf(input.accounts, accounts);
    let group: StoredGroup | null;
    try {
      group = await this.repository.update(caller.userId, input.id, { name: input.name?.trim(), members }, now);
    } catch (error) {
      if (isDuplicateName(error)) throw duplicateName(input.name ?? '');
      throw error;
    }
    if (!group) throw AppError.notFound('Account group');
    return viewOf(group, accounts, await this.copyTrading(caller.userId));
  }

  /** The copied trade checked on every account of the group at once; 404 for another's group, as every owned record. */
  async checkTrade(caller: Caller, input: CheckGroupTradeInput, now = new Date()): Promise<GroupTradeCheckView> {
    const risk = tradeRiskOf(input);
    const { group, accounts, members } = await this.membersNow(caller, input.id, now);
    try {
      const c = checkGroupTrade(members, risk);
      return {
        groupId: group.id,
        at: now.toISOString(),
        currency: c.currency,
        riskAmount: c.riskAmount,
        verdict: c.verdict,
        maxRiskAmount: c.maxRiskAmount,
        maxVolume: c.maxVolume,
        bindingAccountId: c.bindingAccountId,
        accounts: c.members.map((m) => ({
          accountId: m.accountId,
          label: labelOf(m.accountId, accounts),
          multiplier: m.multiplier,
          maxRiskAmount: m.maxRiskAmount,
          check: {
            accountId: m.accountId,
            at: now.toISOString(),
            ...m.check,
            rules: [...m.check.rules],
            notChecked: [...m.check.notChecked],
            news: null,
          },
        })),
      };
    } catch (error) {
      if (error instanceof CoachInputError) throw AppError.invalidField(error.field, error.message);
      throw error;
    }
  }

  /** Each terminal's guard levels: the group stops on one master loss, each account before its own floor (coach's groupGuardLevels). */
  async guardLevels(caller: Caller, input: AccountGroupIdInput, now = new Date()): Promise<GroupGuardLevelsView> {
    const { group, accounts, members } = await this.membersNow(caller, input.id, now);
    try {
      const g = groupGuardLevels(members.map((m) => ({ accountId: m.accountId, multiplier: m.multiplier, headroom: m.check.headroom })));
      return {
        groupId: group.id,
        at: now.toISOString(),
        currency: g.currency,
        dailyLoss: g.dailyLoss,
        maxLoss: g.maxLoss,
        riskPerTrade: g.riskPerTrade,
        accounts: g.members.map((m) => ({ ...m, label: labelOf(m.accountId, accounts) })),
      };
    } catch (error) {
      if (error instanceof CoachInputError) throw AppError.invalidField(error.field, error.message);
      throw error;
    }
  }

  /** The caller's group (404 for another's) and each present member's headroom now, as check_trade reads it. */
  private async membersNow(caller: Caller, id: string, now: Date) {
    const [group, accounts] = await Promise.all([this.repository.owned(caller.userId, id), this.repository.ownerAccounts(caller.userId)]);
    if (!group) throw AppError.notFound('Account group');
    const present = group.members.filter((m) => accounts.some((a) => a.id === m.accountId));
    if (present.length === 0)
      throw AppError.invalidField('id', 'the group has no account left (restore one from the trash, or update the group)');
    // Each member's headroom as check_trade reads it: an unlinked or archived account answers as check_trade does.
    const members: (GroupMember & { label: string })[] = [];
    for (const m of present) {
      const { headroom, bestDayRule } = await this.alerts.ownedHeadroom(caller, m.accountId, now);
      members.push({
        accountId: m.accountId,
        multiplier: m.multiplier,
        check: { headroom, bestDayRule },
        label: labelOf(m.accountId, accounts),
      });
    }
    return { group, accounts, members };
  }
}

const duplicateName = (name: string) => AppError.conflict(`You already have an account group named “${name.trim()}”.`);

/** The input's accounts as stored members: each the caller's (400 naming the one that is not) and each once. */
function membersOf(input: readonly GroupMemberInput[], accounts: readonly OwnerAccount[]): StoredMember[] {
  const seen = new Set<string>();
  return input.map((m, i) => {
    // Another's account reads as unknown: the answer never tells whether an id exists for someone else.
    if (!accounts.some((a) => a.id === m.accountId)) throw AppError.invalidField(`accounts[${i}].accountId`, 'not one of your EA accounts');
    if (seen.has(m.accountId)) throw AppError.invalidField(`accounts[${i}].accountId`, 'the account is in the group already');
    seen.add(m.accountId);
    return { accountId: m.accountId, multiplier: String(m.multiplier) };
  });
}

/** Firm · plan · account, the account told apart from the owner's others as alerts tell it. */
const nameOf = (account: OwnerAccount, accounts: readonly OwnerAccount[]): string =>
  alertLabel([account.firm, account.plan, toldApartLabel(account, accounts)]);

function labelOf(accountId: string, accounts: readonly OwnerAccount[]): string {
  const account = accounts.find((a) => a.id === accountId);
  return account ? nameOf(account, accounts) : accountId;
}

function viewOf(
  group: StoredGroup,
  accounts: readonly OwnerAccount[],
  judge: (members: readonly CopiedAccount[]) => CopyTradingView[],
): AccountGroupView {
  const present = group.members.flatMap((m) => {
    const account = accounts.find((a) => a.id === m.accountId);
    return account ? [{ accountId: account.id, challengeId: account.challengeId }] : [];
  });
  return {
    id: group.id,
    name: group.name,
    accounts: group.members.flatMap((m) => {
      const account = accounts.find((a) => a.id === m.accountId);
      return account
        ? [
            {
              accountId: m.accountId,
              label: nameOf(account, accounts),
              currency: account.currency,
              multiplier: Number(m.multiplier),
            },
          ]
        : [];
    }),
    copyTrading: judge(present),
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}
