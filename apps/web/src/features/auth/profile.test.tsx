import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { playerProfile, storedPlayer } from '../../test/player-profile';
import { useAuthStore } from './auth-store';
import { completeLogin } from './login-success';
import { profileQueryKey, useProfile } from './profile';

/** GET /user/profile answers `profileAnswer`; every request path is recorded. */
let profileAnswer: unknown;
let requested: string[];

beforeEach(() => {
  requested = [];
  profileAnswer = playerProfile();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(new URL(url, 'http://localhost').pathname);
      return new Response(JSON.stringify({ data: profileAnswer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  act(() => useAuthStore.getState().clear());
  vi.unstubAllGlobals();
});

function Player() {
  const profile = useProfile();
  if (profile.isError) return <p>profile refused</p>;
  if (!profile.data) return <p>loading</p>;
  return (
    <p>
      {profile.data.username} has {profile.data.userWallet.totalScCoin} SC, daily bonus{' '}
      {profile.data.isDailyBonusClaimed ? 'claimed' : 'open'}
    </p>
  );
}

function renderWith(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Player />
      <Toaster />
    </QueryClientProvider>,
  );
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the profile query (one copy of the player, parsed by the contracts schema)', () => {
  it('reads GET /user/profile and keeps exactly the fields the schema names', async () => {
    profileAnswer = {
      ...playerProfile({ userWallet: { gcCoin: 10, totalScCoin: 2.5, scCoin: { wsc: 0, bsc: 2.5, psc: 0 } } }),
      someOtherField: 'x',
    };
    const queryClient = newQueryClient();
    useAuthStore.getState().signIn(storedPlayer);
    renderWith(queryClient);
    expect(await screen.findByText('ada1234 has 2.5 SC, daily bonus open', undefined, { timeout: 5000 })).toBeInTheDocument();
    const cached = queryClient.getQueryData<Record<string, unknown>>(profileQueryKey);
    expect(cached).toEqual(playerProfile({ userWallet: { gcCoin: 10, totalScCoin: 2.5, scCoin: { wsc: 0, bsc: 2.5, psc: 0 } } }));
    expect(cached).not.toHaveProperty('someOtherField');
  });

  it('refuses an answer that does not match the schema instead of showing half a player', async () => {
    const { userWallet: _omitted, ...withoutWallet } = playerProfile();
    profileAnswer = withoutWallet;
    useAuthStore.getState().signIn(storedPlayer);
    renderWith(newQueryClient());
    expect(await screen.findByText('profile refused')).toBeInTheDocument();
  });

  it('is not requested for a visitor', async () => {
    renderWith(newQueryClient());
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => undefined);
    expect(requested).toEqual([]);
  });

  it('after login is read from the server, not copied from the login answer; the device keeps only who signed in', async () => {
    const queryClient = newQueryClient();
    // A previous player's profile must not show for the new one.
    queryClient.setQueryData(profileQueryKey, playerProfile({ userId: 99, username: 'someoneelse' }));
    renderWith(queryClient);
    profileAnswer = playerProfile({ isDailyBonusClaimed: true });
    act(() => completeLogin({ ...storedPlayer }, queryClient));
    expect(await screen.findByText('ada1234 has 0 SC, daily bonus claimed')).toBeInTheDocument();
    expect(requested).toEqual(['/api/v1/user/profile']);
    expect(JSON.parse(localStorage.getItem('userStore') ?? '{}').state.user).toEqual(storedPlayer);
  });
});
