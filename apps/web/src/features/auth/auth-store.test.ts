import { beforeEach, describe, expect, it } from 'vitest';
import { isSignedIn, useAuthStore } from './auth-store';
import type { StoredPlayer } from './user-details';

const player: StoredPlayer = { userId: 7, email: 'player@example.com', username: 'LuckyPlayer1' };

describe('the stored player (seed 000 sections 3 and 4)', () => {
  beforeEach(() => useAuthStore.getState().clear());

  it('login success stores the user, the username and the login time in local storage', () => {
    useAuthStore.getState().signIn(player);
    expect(isSignedIn()).toBe(true);
    expect(localStorage.getItem('username')).toBe('LuckyPlayer1');
    expect(Date.parse(localStorage.getItem('loginTime') ?? '')).not.toBeNaN();
    expect(JSON.parse(localStorage.getItem('userStore') ?? '{}')).toMatchObject({ state: { user: { userId: 7 }, isAuthenticated: true } });
  });

  it('logout clears loginTime, username and the user store, and keeps the coin', () => {
    localStorage.setItem('coin', 'GC');
    useAuthStore.getState().signIn(player);
    useAuthStore.getState().clear();
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('loginTime')).toBeNull();
    expect(JSON.parse(localStorage.getItem('userStore') ?? '{}')).toMatchObject({ state: { user: null, isAuthenticated: false } });
    expect(localStorage.getItem('coin')).toBe('GC');
  });

  it('keeps only who signed in, never a copy of the profile', () => {
    useAuthStore.getState().signIn({ ...player, userWallet: { gcCoin: 5 }, isDailyBonusClaimed: true } as StoredPlayer);
    expect(JSON.parse(localStorage.getItem('userStore') ?? '{}').state.user).toEqual(player);
  });

  it('a signed-up account is remembered without counting as signed in', () => {
    useAuthStore.getState().setSignedUpUser({ userId: 8, username: 'NewPlayer1', email: 'new@example.com' });
    expect(isSignedIn()).toBe(false);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
