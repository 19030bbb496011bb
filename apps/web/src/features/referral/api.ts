import type { ReferralDetails } from '@casino/contracts/promotions';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** GET /referral/details: the player's referral link, reward and referred friends. */
export function referralDetailsQuery() {
  return queryOptions({
    queryKey: ['referral', 'details'],
    queryFn: ({ signal }) => http.get<ReferralDetails>('referral/details', undefined, signal),
  });
}
