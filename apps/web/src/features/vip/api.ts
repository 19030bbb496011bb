import type { VipTiersResponse } from '@casino/contracts/vip';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** GET rewards/vip-tier (seed 000 section 7): the tiers and which this player has reached. */
export function vipTiersQuery() {
  return queryOptions({
    queryKey: ['vip', 'tiers'],
    queryFn: ({ signal }) => http.get<VipTiersResponse>('rewards/vip-tier', undefined, signal),
  });
}
