/**
 * Holds balance updates while a round's outcome is still hidden in the game frame: the
 * wallet socket reports the new balance about 0.1 s after Spin, while the reels
 * still turn or the card is still covered, and showing it would give the result away. While
 * held, only the latest update is kept; it is applied when the game reveals the outcome, or at
 * the latest `timeoutMs` after the frame last said the round was still running (a frame that
 * closes or breaks mid-round cannot freeze the header).
 */
export const BALANCE_HOLD_TIMEOUT_MS = 3_000;

export interface BalanceHold<T> {
  /** A round started or is still running: hold updates (again) for up to timeoutMs. */
  hold(): void;
  /** The outcome is shown: apply the latest held update, and stop holding. */
  release(): void;
  /** Stop holding and drop any held update (the player signed out). */
  cancel(): void;
  /** A new balance: applied now, or kept until release while held. */
  offer(value: T): void;
  readonly holding: boolean;
}

export function createBalanceHold<T>(apply: (value: T) => void, timeoutMs = BALANCE_HOLD_TIMEOUT_MS): BalanceHold<T> {
  let holding = false;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function release() {
    holding = false;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const held = pending;
    pending = null;
    if (held) apply(held.value);
  }

  return {
    hold() {
      holding = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(release, timeoutMs);
    },
    release,
    cancel() {
      pending = null;
      release();
    },
    offer(value) {
      if (holding) pending = { value };
      else apply(value);
    },
    get holding() {
      return holding;
    },
  };
}
