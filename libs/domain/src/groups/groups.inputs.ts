import { ArrayMaxSize, ArrayMinSize, IsArray, IsNumber, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Doc } from '@propfolio/core';
import { Absent } from '../shared/contract-fields.js';
import { TradeRiskInput } from '../alerts/alerts.inputs.js';

/** Accounts one group may hold: more than any copier runs, bounded so a check stays one request's work. */
export const MAX_GROUP_ACCOUNTS = 50;
/** The largest multiplier: a copy 100 times the master's size is already past any prop account's sense. */
export const MAX_MULTIPLIER = 100;

export class ListAccountGroupsInput {}

export class GroupMemberInput {
  @Doc('EA account id.')
  @IsString()
  accountId!: string;

  @Doc({ description: 'Lots here per master lot.', example: 0.5 })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 })
  @Min(0.0001)
  @Max(MAX_MULTIPLIER)
  multiplier!: number;
}

class GroupMembersField {
  @Doc('The accounts, master first, each once.')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_GROUP_ACCOUNTS)
  @ValidateNested({ each: true })
  @Type(() => GroupMemberInput)
  accounts!: GroupMemberInput[];
}

export class CreateAccountGroupInput extends GroupMembersField {
  @Doc('Name, unique among your groups.')
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  name!: string;
}

export class AccountGroupIdInput {
  @Doc('Account group id.')
  @IsString()
  id!: string;
}

export class UpdateAccountGroupInput extends AccountGroupIdInput {
  @Doc('New name.')
  @Absent()
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  name?: string;

  @Doc('Replaces the accounts, master first, each once.')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_GROUP_ACCOUNTS)
  @ValidateNested({ each: true })
  @Type(() => GroupMemberInput)
  accounts?: GroupMemberInput[];
}

export class CheckGroupTradeInput extends TradeRiskInput {
  @Doc('Account group id.')
  @IsString()
  id!: string;
}
