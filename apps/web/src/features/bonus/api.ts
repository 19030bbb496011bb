import { BONUS_REDEEMED_MESSAGE, type BonusClaim, type DailyBonus, type WelcomeBonus } from '@casino/contracts/bonus';
import { errorCodes } from '@casino/contracts/errors';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage, http, isSessionHandled } from '../../lib/http';
import { profileQueryKey } from '../auth';
import { applyWallet } from '../wallet';

/** Welcome and daily bonus calls (seed 000 section 7): GET to offer, POST to claim. */
export type BonusKind = 'daily' | 'welcome';

export const bonusKeys = {
  all: ['bonus'] as const,
  daily: ['bonus', 'daily'] as const,
  welcome: ['bonus', 'welcome'] as const,
};

export function dailyBonusQueryOptions() {
  return queryOptions({ queryKey: bonusKeys.daily, queryFn: () => http.get<DailyBonus>('bonus/daily-bonus'), staleTime: 0 });
}

export function welcomeBonusQueryOptions() {
  return queryOptions({ queryKey: bonusKeys.welcome, queryFn: () => http.get<WelcomeBonus>('bonus/welcome-bonus'), staleTime: 0 });
}

/**
 * Claims a bonus (seed 000 section 4 'Bonus claim'): on success the seed's message, the new
 * balances in the header at once, and the profile refreshed. `onDone` runs when the dialog should
 * close: after a success, or when the server says it was already claimed (another tab won).
 */
export function useClaimBonus(kind: BonusKind, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<BonusClaim>(`bonus/${kind}-bonus`),
    onSuccess: (response) => {
      applyWallet(queryClient, response.data.userWallet);
      toast.success(response.message ?? BONUS_REDEEMED_MESSAGE);
      onDone();
    },
    onError: (error) => {
      if (!isSessionHandled(error)) toast.error(errorMessage(error));
      if (error instanceof ApiError && error.hasCode(errorCodes.BonusAlreadyClaimed.code)) onDone();
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: bonusKeys.all }),
      ]);
    },
  });
}
