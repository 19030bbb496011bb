import { useEffect, useState } from 'react';

/** The countdown's tick (seed 001 section 2 'Flash-sale offers': 1 second). */
export const COUNTDOWN_TICK_MS = 1000;

/** Milliseconds left until `endsAt` (never below zero); null when the offer has no end. */
export function remainingMs(endsAt: string | null, now: number): number | null {
  if (endsAt === null) return null;
  return Math.max(0, new Date(endsAt).getTime() - now);
}

/** '2d 03:04:05' from a day on, '03:04:05' below it. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * Ticks every second until `endsAt`; answers the time left (null: no end). At zero it stops
 * ticking and calls `onEnd` once, so the caller hides the timer and the offer.
 */
export function useCountdown(endsAt: string | null, onEnd?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = remainingMs(endsAt, now);
  const ended = left === 0;
  useEffect(() => {
    if (endsAt === null || ended) return;
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [endsAt, ended]);
  useEffect(() => {
    if (ended) onEnd?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it reaches zero
  }, [ended]);
  return left;
}
