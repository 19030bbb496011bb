import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { useAuthDialog, useAuthStore } from '../features/auth';
import { ApiError, http, isSessionHandled, setHttpEventHandlers } from '../lib/http';
import { createSessionHandlers, useSessionEndedNotice } from './session-handlers';

const unauthenticated = { errors: [{ errorCode: 3002, name: 'Unauthenticated', description: 'Please log in to continue.' }] };
const noLongerValid = {
  errors: [{ errorCode: 3082, name: 'SessionInvalid', description: 'Your session is no longer valid. Please log in again.' }],
};

function answer401(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json' } })),
  );
}

function SessionEndedNotice() {
  useSessionEndedNotice();
  return null;
}

function signIn() {
  useAuthStore.getState().signIn({
    userId: 7,
    email: 'ada@players.test',
    username: 'ada1234',
  });
}

describe('a 401 after the session ended', () => {
  const navigate = vi.fn<(path: string) => void>();
  const load = vi.fn<(path: string) => void>();
  const queryClient = new QueryClient();

  beforeEach(() => {
    navigate.mockReset();
    load.mockReset();
    setHttpEventHandlers(createSessionHandlers({ queryClient, navigate, load }));
    answer401(unauthenticated);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    act(() => {
      useAuthStore.getState().clear();
      useAuthDialog.getState().close();
    });
  });

  it('clears the stored player and goes to / with the login dialog and one toast, however many requests fail', async () => {
    signIn();
    localStorage.setItem('coin', 'GC');
    queryClient.setQueryData(['games', 'favorite'], { rows: [] });
    render(<Toaster />);

    // Favourites, Recently Played and the Favourite click all answered 401 at once.
    const failures = await act(() =>
      Promise.all([
        http.get('casino-games/favorite').catch((error: unknown) => error),
        http.get('casino-games/recently-played').catch((error: unknown) => error),
        http.post('casino-games/favorite', { request: true, gameId: 1 }).catch((error: unknown) => error),
      ]),
    );

    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      // Callers show nothing more: the session handlers told the player.
      expect(isSessionHandled(failure)).toBe(true);
    }
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem('userStore') ?? '').not.toContain('ada1234');
    expect(localStorage.getItem('coin')).toBe('GC');
    expect(queryClient.getQueryData(['games', 'favorite'])).toBeUndefined();
    expect(navigate.mock.calls).toEqual([['/']]);
    expect(useAuthDialog.getState().open).toBe('login');
    expect(await screen.findAllByText('Please log in to continue.')).toHaveLength(1);
  });

  it('an expired or invalidated session (3008/3082) loads / afresh once, then shows one toast and the login dialog', async () => {
    signIn();
    answer401(noLongerValid);
    const failures = await act(() =>
      Promise.all([
        http.get('casino-games/favorite').catch((error: unknown) => error),
        http.post('casino-games/favorite', { request: true, gameId: 1 }).catch((error: unknown) => error),
      ]),
    );
    expect(failures.every(isSessionHandled)).toBe(true);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(load.mock.calls).toEqual([['/']]);
    expect(navigate).not.toHaveBeenCalled();

    // The fresh page.
    render(
      <>
        <SessionEndedNotice />
        <Toaster />
      </>,
    );
    expect(await screen.findAllByText('Your session is no longer valid. Please log in again.')).toHaveLength(1);
    expect(useAuthDialog.getState().open).toBe('login');
    expect(sessionStorage.getItem('sessionEndedNotice')).toBeNull();
  });

  it('a 3082 arriving after this device forgot the player (self-exclusion, time break) neither reloads nor asks to log in', async () => {
    // The exclusion ended the session on the server and the device already shows the signed-out
    // state with its confirmation: a late request answered 3082 has nothing left to tell.
    answer401(noLongerValid);
    const failure = await act(() => http.get('user/profile').catch((error: unknown) => error));
    expect(isSessionHandled(failure)).toBe(true);
    expect(load).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('sessionEndedNotice')).toBeNull();
    expect(useAuthDialog.getState().open).toBeNull();
  });

  it('leaves a visitor where they are', async () => {
    await act(() => http.get('casino-games/favorite').catch(() => undefined));
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthDialog.getState().open).toBeNull();
  });
});
