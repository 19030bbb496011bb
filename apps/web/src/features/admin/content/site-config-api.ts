import type {
  AdminSiteConfig,
  ContentVersion,
  UpdateGeolocationModeRequest,
  UpdateSiteConfigRequest,
} from '@casino/contracts/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** The site configuration: read, change (on the version shown), kept versions. */
const key = ['admin', 'content', 'site-config'] as const;

export function useSiteConfig() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => adminHttp.get<AdminSiteConfig>('content/site-config', undefined, signal) });
}

export function useSiteConfigVersions() {
  return useQuery({
    queryKey: [...key, 'versions'],
    queryFn: ({ signal }) => adminHttp.get<{ rows: ContentVersion[]; count: number }>('content/site-config/versions', undefined, signal),
  });
}

export function useSaveSiteConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteConfigRequest) => adminHttp.put<AdminSiteConfig>('content/site-config', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT /content/site-config/geolocation-mode: enforce or monitor (compliance or admin). */
export function useSaveGeolocationMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGeolocationModeRequest) => adminHttp.put<AdminSiteConfig>('content/site-config/geolocation-mode', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
