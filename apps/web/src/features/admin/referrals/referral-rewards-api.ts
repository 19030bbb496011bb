import type { ReferralRewardDecisionResponse, ReferralRewardFilter, ReferralRewardPage } from '@casino/contracts/admin-referrals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The referral rewards desk's requests (/api/admin/referral-rewards): the list by status, a decision. */
export const REFERRAL_PAGE_SIZE = 25;

export function useReferralRewards(status: ReferralRewardFilter, after: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'referral-rewards', status, after ?? null],
    queryFn: ({ signal }) => adminHttp.get<ReferralRewardPage>('referral-rewards', { status, limit: REFERRAL_PAGE_SIZE, after }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralRewardDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referredUserId, decision, reason }: { referredUserId: number; decision: 'approve' | 'reject'; reason: string }) =>
      adminHttp.post<ReferralRewardDecisionResponse>(`referral-rewards/${referredUserId}/${decision}`, { reason }),
    // A refusal (decided or taken back meanwhile) also changes what the list should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'referral-rewards'] }),
  });
}
