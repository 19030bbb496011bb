import type { CoinType } from '@casino/contracts/constants';
import { cn } from '../../lib/cn';

/** A gold GC coin or an emerald SC coin, decorative (the coin's name is always written next to it). */
export function CoinIcon({ coin, className }: { coin: CoinType; className?: string }) {
  const gold = coin === 'GC';
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('h-5 w-5 shrink-0', className)}>
      <circle cx="12" cy="12" r="11" fill={gold ? '#f5b301' : '#1fb47a'} />
      <circle cx="12" cy="12" r="8.5" fill={gold ? '#ffcf4d' : '#2ee59d'} stroke={gold ? '#d08a00' : '#15925f'} strokeWidth="1.2" />
      <text
        x="12"
        y="16.2"
        textAnchor="middle"
        fontSize="11"
        fontWeight="900"
        fontFamily="system-ui, sans-serif"
        fill={gold ? '#7a4d00' : '#065c3a'}
      >
        {gold ? 'G' : 'S'}
      </text>
    </svg>
  );
}
