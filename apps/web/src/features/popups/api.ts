import type { PopupList } from '@casino/contracts/popups';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** GET /details/popups: the server answers by the caller's visibility, so the key carries whether signed in. */
export function popupsQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: ['popups', signedIn],
    queryFn: ({ signal }) => http.get<PopupList>('details/popups', undefined, signal),
    staleTime: 5 * 60_000,
  });
}
