import type {
  GamblingHistoryResponse,
  LimitKind,
  ResponsibleGamblingSettingRequest,
  ResponsibleGamblingSettingResponse,
} from '@casino/contracts/responsible-play';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileQueryKey } from '../auth';

/** Responsible play's calls (seed 001 section 7): one query or mutation per request. */
export const responsiblePlayKeys = { history: ['responsible-play', 'history'] as const };

export function gamblingHistoryQuery() {
  return queryOptions({
    queryKey: responsiblePlayKeys.history,
    queryFn: ({ signal }) => http.get<GamblingHistoryResponse>('responsible-gambling/gambling-history', undefined, signal),
  });
}

/** POST responsible-gambling-setting: limits are reloaded afterwards (seed 001 section 4). */
export function useResponsibleGamblingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResponsibleGamblingSettingRequest) =>
      (await http.post<ResponsibleGamblingSettingResponse>('responsible-gambling/responsible-gambling-setting', body)).data,
    onSuccess: (result) => {
      if (result.selfExcluded || result.timebreak) return;
      void queryClient.invalidateQueries({ queryKey: responsiblePlayKeys.history });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

export function useRemoveResponsibleSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { limitType: LimitKind; password: string }) =>
      (await http.put<{ message: string }>('responsible-gambling/remove-responsible-setting', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsiblePlayKeys.history }),
  });
}
