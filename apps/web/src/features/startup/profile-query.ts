import { queryOptions } from '@tanstack/react-query';
import type { UserDetails } from '../auth/user-details';
import { http } from '../../lib/http';

/** GET /user/profile under the key ['profile'] that the whole app shares (seed 000 section 7). */
export function profileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: () => http.get<UserDetails>('user/profile') });
}
