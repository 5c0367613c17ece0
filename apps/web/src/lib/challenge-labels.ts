import { useQuery } from '@tanstack/react-query';
import { allPages } from './queries.js';
import { challengeLabel, challengeName } from './names.js';

/** What a list row knows of its challenge: its id and the firm and plan it shows. */
export interface ChallengeRef {
  challengeId: string;
  firm: string;
  plan: string;
}

/**
 * The labeller for plain lists (Overview, payouts, refunds due, the tax lines): the same {@link challengeLabel} the
 * dropdowns use, over all of the person's challenges, so two attempts at one plan read apart (by purchase date)
 * wherever a person reads them. Until the list has loaded, a row reads its plain name.
 */
export function useChallengeLabel(): (ref: ChallengeRef) => string {
  const all = useQuery({ queryKey: ['challenges', 'all'], queryFn: () => allPages('/challenges', { status: 'all' }) });
  const list = all.data ?? [];
  return (ref) => {
    const challenge = list.find((c) => c.id === ref.challengeId);
    return challenge ? challengeLabel(challenge, list) : challengeName(ref);
  };
}
