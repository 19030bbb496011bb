import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useAuthStore } from './auth-store';
import type { UserDetails } from './user-details';

/**
 * GET /user/profile (seed 000 section 7, seed 001 section 7): the signed-in player, with what the
 * wallet and bonus features add. One query under ['profile'] that every feature reads.
 */
export const profileQueryKey = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: () => http.get<UserDetails>('user/profile') });
}

/** The profile of the signed-in player; idle for a visitor. */
export function useProfile() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return useQuery({ ...profileQueryOptions(), enabled: signedIn });
}
