import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_HOLD_TIMEOUT_MS, createBalanceHold } from './balance-hold';

describe('balance hold while a round is hidden', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies updates at once when no round is running', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.offer(10);
    expect(shown).toEqual([10]);
  });

  it('keeps the updates of a running round and shows only the latest when the game reveals it', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.hold();
    hold.offer(9); // the bet
    hold.offer(14); // the win
    vi.advanceTimersByTime(1_000);
    expect(shown).toEqual([]);
    hold.release();
    expect(shown).toEqual([14]);
    expect(hold.holding).toBe(false);
    hold.offer(15);
    expect(shown).toEqual([14, 15]);
  });

  it('never holds longer than the timeout after the frame last spoke', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.hold();
    hold.offer(9);
    vi.advanceTimersByTime(BALANCE_HOLD_TIMEOUT_MS - 1);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([9]);
    expect(hold.holding).toBe(false);
  });

  it('is renewed by the frame while the outcome stays hidden (a covered scratch card)', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.hold();
    hold.offer(9);
    for (let second = 0; second < 10; second += 1) {
      vi.advanceTimersByTime(1_000);
      hold.hold(); // round-pending
    }
    expect(shown).toEqual([]);
    hold.release();
    expect(shown).toEqual([9]);
    // The old timer is gone: nothing is applied twice.
    vi.advanceTimersByTime(BALANCE_HOLD_TIMEOUT_MS * 2);
    expect(shown).toEqual([9]);
  });

  it('drops a held update when the player signs out', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.hold();
    hold.offer(9);
    hold.cancel();
    vi.advanceTimersByTime(BALANCE_HOLD_TIMEOUT_MS);
    expect(shown).toEqual([]);
  });

  it('releasing with nothing held shows nothing', () => {
    const shown: number[] = [];
    const hold = createBalanceHold<number>((value) => shown.push(value));
    hold.hold();
    hold.release();
    expect(shown).toEqual([]);
  });
});
