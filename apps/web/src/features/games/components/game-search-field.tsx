import { gameTexts } from '@casino/contracts/game-constants';
import { cn } from '../../../lib/cn';
import { SearchIcon } from './icons';

/** The 'Search...' field for games, in the sidebar and on the games list (seed 000 section 2). */
export function GameSearchField({ value, onChange, className }: { value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">Search games</span>
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-faint">
        <SearchIcon />
      </span>
      <input
        type="search"
        value={value}
        maxLength={100}
        placeholder={gameTexts.searchPlaceholder}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-xl border border-night-600 bg-night-850 pr-3 pl-9 text-sm text-ink placeholder:text-ink-faint focus:border-gold-400 focus:outline-none"
      />
    </label>
  );
}
