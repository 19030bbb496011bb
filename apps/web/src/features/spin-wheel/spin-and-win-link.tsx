import { Link } from 'react-router';
import { SPIN_WHEEL_PATH } from './paths';

/** The sidebar's SPIN AND WIN button (seed 000 section 2 'Layout'), to the daily wheel. */
export function SpinAndWinLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={SPIN_WHEEL_PATH}
      onClick={onNavigate}
      className="flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-neon-pink via-[#7c3aed] to-neon-violet px-3 py-2.5 font-display text-sm font-black tracking-wider text-white uppercase shadow-glow transition hover:brightness-110"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6L5.6 18.4" />
        <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      </svg>
      SPIN AND WIN
    </Link>
  );
}
