import type { SpinWheelList, SpinWheelResult } from '@casino/contracts/spin-wheel';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const spinWheelKey = ['spin-wheel'] as const;

/** GET /spinWheelConfiguration/getList: the segments and this player's cooldown. */
export function spinWheelQuery() {
  return queryOptions({
    queryKey: spinWheelKey,
    queryFn: ({ signal }) => http.get<SpinWheelList>('spinWheelConfiguration/getList', undefined, signal),
  });
}

/** GET /spinWheelConfiguration/updateWallet (seed 000 section 7): the spin itself. */
export function spinTheWheel(): Promise<SpinWheelResult> {
  return http.get<SpinWheelResult>('spinWheelConfiguration/updateWallet');
}
