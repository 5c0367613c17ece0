import { useQuery } from '@tanstack/react-query';
import { app } from './api.js';
import type { ChallengeHeadroom, Headroom } from './coach.js';

/** A challenge's headroom now; every panel of one challenge shares this one query. */
export const useChallengeHeadroom = (challengeId: string | undefined) =>
  useQuery({
    queryKey: ['headroom', challengeId],
    queryFn: () => app.get(`/challenges/${challengeId ?? ''}/headroom`),
    enabled: challengeId !== undefined,
  });

/** One account's own headroom inside its challenge's answer (null for an archived or unknown account). */
export const accountHeadroom = (challenge: ChallengeHeadroom | undefined, accountId: string): Headroom | null =>
  challenge?.accounts.find((a) => a.account.id === accountId)?.headroom ?? null;
