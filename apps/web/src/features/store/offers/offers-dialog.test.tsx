import type { Offer } from '@casino/contracts/store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown } from './countdown';
import { OFFERS_DIALOG_TITLE, OffersDialog } from './offers-dialog';

function offer(packageId: number, kind: Offer['offerKind'], endsInMs: number | null, packageType: string): Offer {
  return {
    packageId,
    createdAt: '2026-01-01T00:00:00.000Z',
    packageType,
    showPackageType: true,
    amount: 9.99,
    previousAmount: 29.99,
    gcCoin: 30_000,
    scCoin: 30,
    imageUrl: null,
    isPromo: true,
    firstPurchaseApplicable: false,
    welcomePurchaseBonusApplicable: kind === 'welcome',
    welcomePurchaseBonusApplicableMinutes: kind === 'welcome' ? 60 : null,
    oneTimePurchaseBonusApplicable: kind === 'one_time',
    validTill: null,
    offerKind: kind,
    offerEndsAt: endsInMs === null ? null : new Date(Date.now() + endsInMs).toISOString(),
  };
}

function renderDialog(offers: Offer[], close: () => void) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <OffersDialog offers={offers} close={close} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds, and days from a day on', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe('2d 00:00:05');
  });
});

describe('the offers dialog (start-up step 7)', () => {
  it('ticks each offer down every second, drops an offer at zero and closes when none is left', () => {
    const close = vi.fn();
    renderDialog([offer(1, 'welcome', 3_000, 'Welcome Offer'), offer(2, 'one_time', 5_000, 'Flash Sale')], close);
    expect(screen.getByRole('dialog', { name: OFFERS_DIALOG_TITLE })).toBeInTheDocument();
    const timers = () => screen.queryAllByRole('timer').map((node) => node.textContent);
    expect(timers()).toEqual(['00:00:03', '00:00:05']);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timers()).toEqual(['00:00:02', '00:00:04']);

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    // The welcome offer reached zero: its timer and the offer are gone.
    expect(screen.queryByText('Welcome Offer')).toBeNull();
    expect(timers()).toEqual(['00:00:02']);
    expect(close).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('shows no timer for an offer without an end', () => {
    renderDialog([offer(3, 'one_time', null, 'Flash Sale')], vi.fn());
    expect(screen.getByText('Flash Sale')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: '$9.99' })).toBeInTheDocument();
  });
});
