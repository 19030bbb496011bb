import { describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/storage';
import { useAuthStore } from '../features/auth';
import { routes } from './router';

type Loader = () => unknown;

function loaderOf(path: string): Loader {
  const route = routes.flatMap((parent) => parent.children ?? []).find((child) => child.path === path);
  expect(route, `the route table serves ${path}`).toBeDefined();
  return route!.loader as Loader;
}

function signIn() {
  useAuthStore.setState({ isAuthenticated: true, user: { userId: 7, username: 'ada1234', email: 'ada@players.test' } });
  localStorage.setItem(storageKeys.username, 'ada1234');
}

describe('/responsible-gambling (seed 000 section 2, Responsible play)', () => {
  it("opens the profile page's Responsible Play tab for a player", () => {
    signIn();
    const answer = loaderOf('/responsible-gambling')() as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/user/account-details?tab=responsible-play');
  });

  it('sends a visitor to / like every private route', () => {
    useAuthStore.setState({ isAuthenticated: false, user: null });
    const answer = loaderOf('/responsible-gambling')() as Response;
    expect(answer.headers.get('Location')).toBe('/');
  });
});
