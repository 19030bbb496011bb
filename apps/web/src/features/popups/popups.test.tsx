import type { Popup } from '@casino/contracts/popups';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalQueue } from '../../lib/modal-queue';
import { startupSteps } from '../startup/registry';
import { dismissedPopups, firstShowable } from './dismissed';
import { offerLobbyPopup } from './lobby-popup';
import { PagePopup } from './page-popup';

function popup(popupId: number, isOneTime: boolean, textOne = `Popup ${popupId}`): Popup {
  return {
    popupId,
    popupName: 'rewardPage',
    isActive: true,
    visibility: 2,
    textOne,
    textTwo: 'Second line',
    textThree: '',
    btnText: 'Go',
    btnRedirection: '/vip',
    desktopImageUrl: '/x.svg',
    mobileImageUrl: '/x.svg',
    isOneTime,
  };
}

/** The modal portal as the app renders it: the head of the queue only. */
function Portal() {
  const head = useModalQueue((state) => state.queue[0]);
  const close = useModalQueue((state) => state.close);
  return head ? <>{head.render(() => close(head.id))}</> : null;
}

function renderPage(popups: Popup[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ data: { groups: { lobby: [], promotion: [], store: [], reward: popups, vip: [] }, count: popups.length } }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/user/reward',
        element: (
          <>
            <PagePopup group="reward" />
            <Portal />
          </>
        ),
      },
      { path: '/vip', element: <p>VIP page</p> },
    ],
    { initialEntries: ['/user/reward'] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useModalQueue.getState().clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('page popups', () => {
  it('shows the first popup of the group after the delay; a closed one-time popup is not shown again', async () => {
    const user = userEvent.setup();
    const view = renderPage([popup(41, true, 'Once only'), popup(42, false, 'Every time')]);
    expect(await screen.findByRole('dialog', { name: 'Once only' }, { timeout: 3_000 })).toHaveTextContent('Second line');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dismissedPopups()).toEqual([41]);
    view.unmount();
    useModalQueue.getState().clear();

    renderPage([popup(41, true, 'Once only'), popup(42, false, 'Every time')]);
    expect(await screen.findByRole('dialog', { name: 'Every time' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Once only' })).not.toBeInTheDocument();
  });

  it("dismisses a one-time popup when its button is pressed, and follows the button's path", async () => {
    const user = userEvent.setup();
    renderPage([popup(43, true, 'Act on me')]);
    await screen.findByRole('dialog', { name: 'Act on me' }, { timeout: 3_000 });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('VIP page')).toBeInTheDocument();
    expect(dismissedPopups()).toEqual([43]);
  });

  it('never dismisses a popup that is not one-time', () => {
    act(() => localStorage.setItem('dismissedPopups', JSON.stringify([44])));
    expect(firstShowable([popup(44, false)])?.popupId).toBe(44);
    expect(firstShowable([popup(44, true)])).toBeUndefined();
  });
});

describe('lobby popups', () => {
  it('does not offer the free-spin popup once the daily spin is used, and offers it while the spin is ready', async () => {
    const freeSpin = { ...popup(45, true, 'Spin And Win'), popupName: 'lobbyPage' as const, btnRedirection: '/spin-wheel' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: { groups: { lobby: [freeSpin], promotion: [], store: [], reward: [], vip: [] }, count: 1 } }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    await offerLobbyPopup(new QueryClient(), { isSpinWheelBonusClaimed: true }, () => true);
    expect(useModalQueue.getState().queue).toHaveLength(0);
    await offerLobbyPopup(new QueryClient(), { isSpinWheelBonusClaimed: false }, () => true);
    expect(useModalQueue.getState().queue.map((entry) => entry.id)).toEqual(['lobby-popup']);
  });
});

describe('the start-up queue', () => {
  it('runs the steps the features give, in the seed merged order', () => {
    expect(startupSteps().map((step) => [step.order, step.name])).toEqual([
      [2, 'daily bonus'],
      [3, 'welcome bonus'],
      [4, 'complete profile'],
      [5, 'lobby popups'],
      [6, 'location check'],
      [7, 'flash-sale offers'],
    ]);
  });
});
