import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { useModalQueue } from '../../lib/modal-queue';
import { playerProfile } from '../../test/player-profile';
import { useAuthStore } from '../auth';
import { useWallet } from '../wallet/wallet-store';
import { startupSteps } from './registry';
import { runStartupQueue, StartupQueue } from './startup-queue';

/** Steps 2-4 (bonuses, complete profile): the later steps ask other servers and have tests of their own. */
const upToProfile = () => startupSteps().filter((step) => step.order <= 4);

/** The modal portal as the app renders it: the head of the queue only. */
function Portal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  return head ? <>{head.render(() => close(head.id))}</> : null;
}

function HeaderBalance() {
  const wallet = useWallet();
  return <p>SC {wallet?.totalScCoin ?? 0}</p>;
}

interface Server {
  profile: Record<string, unknown>;
  daily: Record<string, unknown>;
  welcome: Record<string, unknown>;
  claims: string[];
}

let server: Server;

/** The fields whose absence queues the complete-profile modal (step 4). */
const completeProfile = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-04-12' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  server = {
    // A complete profile: step 4 (complete profile) stays out of the bonus tests.
    profile: playerProfile({
      userId: 1,
      isDailyBonusClaimed: false,
      isWelcomeBonusClaimed: false,
      isWelcomeBonusAllowed: true,
      ...completeProfile,
    }),
    daily: { gcAmount: 1000, scAmount: 0.5, isActive: true, isClaimed: false, nextClaimAt: '2030-01-01T00:00:00.000Z' },
    welcome: { gcAmount: 10_000, scAmount: 2, isActive: true, isClaimed: false, isAllowed: true },
    claims: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/v1/user/profile') return json(200, { data: server.profile });
      if (path === '/api/v1/bonus/daily-bonus' && init?.method === 'GET') return json(200, { data: server.daily });
      if (path === '/api/v1/bonus/welcome-bonus' && init?.method === 'GET') return json(200, { data: server.welcome });
      if (init?.method === 'POST' && path.startsWith('/api/v1/bonus/')) {
        server.claims.push(path);
        if (path.endsWith('daily-bonus')) {
          const userWallet = { gcCoin: 1000, totalScCoin: 0.5, scCoin: { wsc: 0, bsc: 0.5, psc: 0 } };
          server.profile = { ...server.profile, isDailyBonusClaimed: true, userWallet };
          return json(200, {
            data: { gcAmount: 1000, scAmount: 0.5, userWallet },
            message: 'Bonus successfully redeemed',
          });
        }
        return json(409, {
          errors: [{ errorCode: 3120, name: 'BonusAlreadyClaimed', description: 'You have already claimed this bonus.' }],
        });
      }
      if (path === '/api/v1/details/state')
        return json(200, { data: { rows: [{ state_id: 1416, name: 'California', stateCode: 'CA' }], count: 1 } });
      return json(404, { errors: [{ errorCode: 3001, name: 'NotFound', description: 'Not found.' }] });
    }),
  );
  useModalQueue.getState().clear();
});

afterEach(() => {
  act(() => useAuthStore.getState().clear());
  vi.unstubAllGlobals();
});

function signIn() {
  useAuthStore.getState().signIn({ userId: 1, email: 'ada@players.test', username: 'ada1234' });
}

function renderApp() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HeaderBalance />
      <StartupQueue />
      <Portal />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('start-up queue', () => {
  it('offers the daily bonus, then the welcome bonus, one dialog at a time', async () => {
    renderApp();
    act(() => signIn());
    const daily = await screen.findByRole('dialog', { name: 'Daily reward' });
    expect(daily).toHaveTextContent('claim 0.50 coins every day');
    expect(daily).toHaveTextContent('1.00K GC');
    expect(daily).toHaveTextContent('0.50 SC');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Claim Now' }));
    expect(await screen.findByText('Bonus successfully redeemed')).toBeInTheDocument();
    expect(screen.getByText('SC 0.5')).toBeInTheDocument();

    const welcome = await screen.findByRole('dialog', { name: 'Welcome bonus received' });
    expect(welcome).toHaveTextContent('10.00K GC');
    expect(welcome).toHaveTextContent('2.00 SC');
    expect(server.claims).toEqual(['/api/v1/bonus/daily-bonus']);
  });

  it('closes a dialog whose bonus another tab already claimed, with the server message', async () => {
    server.profile = { ...server.profile, isDailyBonusClaimed: true };
    renderApp();
    act(() => signIn());
    await screen.findByRole('dialog', { name: 'Welcome bonus received' });
    await userEvent.click(screen.getByRole('button', { name: 'Claim Now' }));
    expect(await screen.findByText('You have already claimed this bonus.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers nothing when both are claimed, the welcome bonus is not allowed or the e-mail is not verified', async () => {
    signIn();
    const queryClient = new QueryClient();
    const profile = playerProfile({
      userId: 1,
      isDailyBonusClaimed: true,
      isWelcomeBonusClaimed: false,
      isWelcomeBonusAllowed: false,
      ...completeProfile,
    });
    await runStartupQueue(profile, queryClient, upToProfile());
    await runStartupQueue({ ...profile, isWelcomeBonusAllowed: true, isWelcomeBonusClaimed: true }, queryClient, upToProfile());
    // An unverified player is asked to verify first (step 1, features/auth), and offered no bonus.
    await runStartupQueue(
      { ...profile, emailVerified: false, isDailyBonusClaimed: false, isWelcomeBonusAllowed: true },
      queryClient,
      upToProfile(),
    );
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(useModalQueue.getState().queue).toEqual([]);
  });

  it('skips an inactive daily bonus', async () => {
    server.daily = { ...server.daily, isActive: false };
    renderApp();
    act(() => signIn());
    expect(await screen.findByRole('dialog', { name: 'Welcome bonus received' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Daily reward' })).not.toBeInTheDocument();
  });

  it('queues the complete-profile modal after the bonuses when the date of birth is missing; closable only after 3 failed attempts', async () => {
    server.profile = { ...server.profile, isDailyBonusClaimed: true, isWelcomeBonusClaimed: true, dateOfBirth: null };
    renderApp();
    act(() => signIn());
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    // The names are set, so they are read-only; the date of birth is asked with month, day and year.
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    }
    expect(dialog).toHaveTextContent('Date of birth is required');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not queue the complete-profile modal for a complete profile', async () => {
    signIn();
    await runStartupQueue(
      playerProfile({ userId: 1, isDailyBonusClaimed: true, isWelcomeBonusClaimed: true, ...completeProfile }),
      new QueryClient(),
      upToProfile(),
    );
    expect(useModalQueue.getState().queue).toEqual([]);
    await runStartupQueue(
      playerProfile({ userId: 1, isDailyBonusClaimed: true, isWelcomeBonusClaimed: true, ...completeProfile, lastName: null }),
      new QueryClient(),
      upToProfile(),
    );
    expect(useModalQueue.getState().queue.map((modal) => modal.id)).toEqual(['complete-profile']);
  });
});
