import { Link } from 'react-router';

/** Get Coins (seed 000 section 2 'Layout'): it leads to the store (/user/store, seed 001 section 2). */
const STORE_PATH = '/user/store';

export function GetCoinsButton() {
  return (
    <Link
      to={STORE_PATH}
      className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-gradient-to-b from-gold-300 to-gold-500 px-2.5 text-sm font-bold tracking-wide text-night-950 uppercase shadow-gold transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300 sm:px-4"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.4">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v8M8 12h8" strokeLinecap="round" />
      </svg>
      <span className="sr-only sm:not-sr-only">Get Coins</span>
    </Link>
  );
}
