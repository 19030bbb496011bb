import type { SiteConfigResponse } from '@casino/contracts/site-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** GET /user/site-config: the operator's key/value settings (seed 000 section 3 'Site config'). */
export const siteConfigOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: () => http.get<SiteConfigResponse>('user/site-config'),
  staleTime: 10 * 60_000,
});

/** One setting's value, undefined while loading or when the operator has not set it. */
export function useSiteConfigValue(key: string): string | undefined {
  const { data } = useQuery(siteConfigOptions);
  return data?.list.find((item) => item.key === key)?.value;
}
