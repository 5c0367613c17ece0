/** A phase label naming the funded stage ("Funded", "ファンド", "Live", "Master"…), in any width or case. */
export const FUNDED_PHASE = /fund|live|master|payout|ファンド|本番|合格後/;

export const isFundedPhase = (label: string): boolean => FUNDED_PHASE.test(label.normalize('NFKC').toLowerCase());
