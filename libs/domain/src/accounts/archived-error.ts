import { AppError } from '@propfolio/core';

/** 409 account_archived for a report or snapshot sent to an archived account: when, why, and what to do instead. */
export function archivedAccountError(archivedAt: Date, reason: string | null): AppError {
  return AppError.conflict(
    `This EA account was archived on ${archivedAt.toISOString().slice(0, 10)} (${reason ?? 'no reason given'}) and takes no more reports. Register the new trading account instead.`,
    'account_archived',
  );
}
