import type { PlayerProfile } from '@casino/contracts/profile';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useAuthStore } from './auth-store';

/**
 * GET /user/profile (seed 000 section 7, seed 001 section 7): the signed-in player's read model,
 * parsed here, once, with the contracts schema the server answers with. The web app holds the
 * player in this one query (key ['profile']): the header's balances, the start-up queue's bonus
 * flags and the account fields all read it, and wallet events and bonus claims update it in place.
 */
export const profileQueryKey = ['profile'] as const;

/**
 * The modules the profile's schema is built from, in the order they import each other. Building
 * zod schemas is the costliest part of loading them (docs/decisions/067): all of them at once made
 * one task of some 35 ms on this machine, 140 ms on Lighthouse's slowed phone, so each is
 * evaluated in a task of its own. The last one imports them all and costs little by then.
 */
const profileSchemaParts = [
  () => import('@casino/contracts/promotions'),
  () => import('@casino/contracts/auth'),
  () => import('@casino/contracts/responsible-play'),
  () => import('@casino/contracts/spin-wheel'),
  () => import('@casino/contracts/redeem'),
  () => import('@casino/contracts/vip'),
];

async function buildProfileSchema() {
  for (const load of profileSchemaParts) {
    await load();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return (await import('@casino/contracts/profile')).playerProfileSchema;
}

/** Built once: a later profile read (a refetch, a sign-in after a sign-out) takes it as it is. */
let profileSchema: ReturnType<typeof buildProfileSchema> | undefined;

function loadProfileSchema(): ReturnType<typeof buildProfileSchema> {
  profileSchema ??= buildProfileSchema().catch((error: unknown) => {
    // A module that failed to arrive is asked for again by the next read.
    profileSchema = undefined;
    throw error;
  });
  return profileSchema;
}

/** The schema (and zod) load with the first profile request, so a visitor's first page has neither. */
export async function fetchProfile(signal?: AbortSignal): Promise<PlayerProfile> {
  const [data, playerProfileSchema] = await Promise.all([http.get<unknown>('user/profile', undefined, signal), loadProfileSchema()]);
  return playerProfileSchema.parse(data);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal) });
}

/** The profile of the signed-in player; idle for a visitor. */
export function useProfile() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  return useQuery({ ...profileQueryOptions(), enabled: signedIn });
}

/** Changes the cached profile in place (a balance event, a claim); nothing when none is loaded. */
export function updateProfile(queryClient: QueryClient, update: (profile: PlayerProfile) => PlayerProfile): void {
  queryClient.setQueryData<PlayerProfile>(profileQueryKey, (profile) => (profile ? update(profile) : profile));
}
