import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalQueue } from '../../lib/modal-queue';
import { useAuthStore } from '../auth';
import { SandboxGeoClient } from './sandbox-geo-client';

/** The modal portal as the app renders it: the head of the queue only. */
function Portal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  return head ? <>{head.render(() => close(head.id))}</> : null;
}

interface Decision {
  allowed: boolean;
  errorCode: number;
  errorMessage: string | null;
}

let mode: 'enforce' | 'monitor';
let decisions: Decision[];
let located: { reason: string; position: unknown }[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const PASS: Decision = { allowed: true, errorCode: 0, errorMessage: null };
const BLOCKED: Decision = { allowed: false, errorCode: 605, errorMessage: 'Play is not available in your state.' };

beforeEach(async () => {
  // The runner keeps its state per page load: each test starts as a fresh session.
  (await import('./location-runner')).stop();
  mode = 'enforce';
  decisions = [];
  located = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 40.71, longitude: -74.0, accuracy: 20 } } as GeolocationPosition),
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/v1/details/get-license-string') {
        return json(200, { data: { license: '<license/>', expiresAt: '2030-01-01T00:00:00.000Z', intervalSeconds: 900, mode } });
      }
      if (path === '/sandbox/geocomply/locate') {
        located.push(JSON.parse(init!.body as string) as { reason: string; position: unknown });
        return json(200, { data: { packet: `packet-${located.length}` } });
      }
      if (path === '/api/v1/details/decrypt-geocomply-data') {
        const decision = decisions.shift() ?? PASS;
        return json(200, { data: { ...decision, region: 'NY', country: 'US', reason: 'LOGIN', intervalSeconds: 900, mode } });
      }
      if (path === '/api/v1/user/site-config') return json(200, { data: { list: [{ key: 'SUPPORT_EMAIL', value: 'help@casino.test' }] } });
      return json(404, { errors: [{ errorCode: 3001, name: 'NotFound', description: 'Not found.' }] });
    }),
  );
  useModalQueue.getState().clear();
  useAuthStore.getState().signIn({ userId: 1, email: 'ada@players.test', username: 'ada1234' });
});

afterEach(() => {
  act(() => useAuthStore.getState().clear());
  vi.unstubAllGlobals();
});

function renderPortal() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Portal />
    </QueryClientProvider>,
  );
}

describe('location checks', () => {
  it('sends the browser position with the reason and shows no dialog when the check passes', async () => {
    const { requestLocationCheck } = await import('./location-check');
    renderPortal();
    expect(await requestLocationCheck('LOGIN')).toBe('passed');
    expect(located).toEqual([{ license: '<license/>', reason: 'LOGIN', position: { latitude: 40.71, longitude: -74.0, accuracy: 20 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the blocking Location Issue dialog on a refusal, and Retry (USER_DRIVEN_RETRY) closes it when the next check passes', async () => {
    const { requestLocationCheck } = await import('./location-check');
    renderPortal();
    decisions = [BLOCKED, PASS];
    await act(async () => {
      expect(await requestLocationCheck('LOGIN')).toBe('failed');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Location Issue' });
    expect(dialog).toHaveTextContent('This application might not be available in your region.');
    expect(dialog).toHaveTextContent('Play is not available in your state.');
    expect(await screen.findByRole('link', { name: 'help@casino.test' })).toHaveAttribute('href', 'mailto:help@casino.test');
    // Not closable: Escape leaves it open, and it offers no close button.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Location Issue' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Retry']);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(located.map((request) => request.reason)).toEqual(['LOGIN', 'USER_DRIVEN_RETRY']);
  });

  it('blocks nothing in monitor mode', async () => {
    mode = 'monitor';
    const { requestLocationCheck } = await import('./location-check');
    renderPortal();
    decisions = [BLOCKED];
    await act(async () => {
      expect(await requestLocationCheck('LOGIN')).toBe('failed');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks before the first game launch of a session only (GAME_LAUNCHER_SWITCH)', async () => {
    const { beforeGameLaunch, stopLocationChecks } = await import('./location-check');
    await beforeGameLaunch();
    await beforeGameLaunch();
    expect(located.map((request) => request.reason)).toEqual(['GAME_LAUNCHER_SWITCH']);
    // A new session (after logout) counts again.
    stopLocationChecks();
    await import('./location-runner');
    await Promise.resolve();
    await beforeGameLaunch();
    expect(located.map((request) => request.reason)).toEqual(['GAME_LAUNCHER_SWITCH', 'GAME_LAUNCHER_SWITCH']);
  });

  it('runs requests one at a time', async () => {
    const { requestLocationCheck } = await import('./location-check');
    const outcomes = await Promise.all([requestLocationCheck('LOGIN'), requestLocationCheck('INTERVAL')]);
    expect(outcomes).toEqual(['passed', 'passed']);
    expect(located.map((request) => request.reason)).toEqual(['LOGIN', 'INTERVAL']);
  });

  it('ignores 614 (a request already running) from the client library', async () => {
    const { requestLocationCheck } = await import('./location-check');
    renderPortal();
    const client = new SandboxGeoClient();
    client.init('<license/>');
    const [first, second] = await Promise.all([client.request('LOGIN'), client.request('LOGIN')]);
    expect(first).toEqual({ packet: 'packet-1' });
    expect(second).toMatchObject({ errorCode: 614 });
    // The runner never shows the dialog for it: its own checks pass.
    expect(await requestLocationCheck('IPCHANGE')).toBe('passed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
