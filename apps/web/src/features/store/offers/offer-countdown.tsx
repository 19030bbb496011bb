import { formatCountdown } from './countdown';

/** 'Ends in 00:59:12', ticking each second; hidden at zero and for an offer without an end. */
export function OfferCountdown({ left }: { left: number | null }) {
  if (left === null || left <= 0) return null;
  return (
    <p
      className="flex items-center justify-center gap-1.5 rounded-lg whitespace-nowrap bg-night-950/70 px-2 py-1 text-xs font-bold tracking-wide text-neon-pink tabular-nums"
      data-testid="offer-countdown"
    >
      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2.5M9 2h6" strokeLinecap="round" />
      </svg>
      <span>
        Ends in <span role="timer">{formatCountdown(left)}</span>
      </span>
    </p>
  );
}
