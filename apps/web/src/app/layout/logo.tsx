import { Link } from 'react-router';
import { CrownMark } from '../../components/crown-mark';

/** `wordmarkFromSm` hides the name on phones, where a signed-in header needs the room for balances. */
export function Logo({ compact = false, wordmarkFromSm = false }: { compact?: boolean; wordmarkFromSm?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Lucky Crown lobby">
      <CrownMark className="h-9 w-9 shrink-0" />
      {compact ? null : (
        <span className={`font-display text-lg leading-none font-black tracking-wider uppercase ${wordmarkFromSm ? 'max-sm:hidden' : ''}`}>
          <span className="text-gradient-gold">Lucky</span> <span className="text-ink">Crown</span>
        </span>
      )}
    </Link>
  );
}
