import type { AdminVipTier, ContentVersion, UpdateVipTierRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The VIP tiers' values: list, change one (on the version shown), kept versions. */
const key = ['admin', 'content', 'vip-tiers'] as const;

export function useVipTiers() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminHttp.get<{ rows: AdminVipTier[]; count: number }>('content/vip-tiers', undefined, signal),
  });
}

export function useVipTierVersions(tierId: number) {
  return useQuery({
    queryKey: [...key, tierId, 'versions'],
    queryFn: ({ signal }) =>
      adminHttp.get<{ rows: ContentVersion[]; count: number }>(`content/vip-tiers/${tierId}/versions`, undefined, signal),
  });
}

export function useSaveVipTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tierId, body }: { tierId: number; body: UpdateVipTierRequest }) =>
      adminHttp.put<AdminVipTier>(`content/vip-tiers/${tierId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
