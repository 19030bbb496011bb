import type { AdminBanner, ContentVersion, CreateBannerRequest, UpdateBannerRequest } from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The content desk's banners: list, create, change (on the version shown), kept versions. */
const key = ['admin', 'content', 'banners'] as const;

export function useAdminBanners() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminHttp.get<{ rows: AdminBanner[]; count: number }>('content/banners', undefined, signal),
  });
}

export function useBannerVersions(bannerId: number | null) {
  return useQuery({
    queryKey: [...key, bannerId, 'versions'],
    enabled: bannerId !== null,
    queryFn: ({ signal }) =>
      adminHttp.get<{ rows: ContentVersion[]; count: number }>(`content/banners/${bannerId}/versions`, undefined, signal),
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'create'; body: CreateBannerRequest } | { kind: 'update'; bannerId: number; body: UpdateBannerRequest }) =>
      input.kind === 'create'
        ? adminHttp.post<AdminBanner>('content/banners', input.body)
        : adminHttp.put<AdminBanner>(`content/banners/${input.bannerId}`, input.body),
    // A refused stale change (3851) also reloads: the page then shows the other operator's version.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
