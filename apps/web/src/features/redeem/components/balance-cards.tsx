import type { PlayerProfile } from '@casino/contracts/profile';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { cn } from '../../../lib/cn';
import { formatAmount } from '../../../lib/format';

/** The five balance cards of seed 001 section 2 'Redeem page'. */
export function BalanceCards({ wallet }: { wallet: PlayerProfile['userWallet'] }) {
  const { wsc, bsc, psc } = wallet.scCoin;
  const cards = [
    { label: 'Gold Coins', value: wallet.gcCoin, coin: 'GC' as const, highlight: false, wide: true },
    // Sweep Coins Balance: bonus + unplayed + redeemable.
    { label: 'Sweep Coins Balance', value: bsc + psc + wsc, coin: 'SC' as const, highlight: false },
    { label: 'Sweep Coin Unplayed', value: psc, coin: 'SC' as const, highlight: false },
    { label: 'Sweep Coin Redeemable', value: wsc, coin: 'SC' as const, highlight: true },
    { label: 'Sweep Coin Bonus', value: bsc, coin: 'SC' as const, highlight: false },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-label="Balances">
      {cards.map((card) => (
        <li
          key={card.label}
          className={cn(
            'flex flex-col gap-1.5 rounded-2xl border p-4',
            card.highlight ? 'border-emerald-sc/60 bg-emerald-sc/10' : 'border-night-600/70 bg-night-800/80',
            // Two columns on a phone: Gold Coins across, then the four SC cards in pairs.
            'wide' in card && 'col-span-2 sm:col-span-1',
          )}
          data-testid={`balance-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          <span className="text-[11px] font-semibold tracking-wide text-ink-muted uppercase">{card.label}</span>
          <span className="flex items-center gap-2 font-display text-lg font-black text-ink sm:text-xl">
            <CoinIcon coin={card.coin} className="h-5 w-5" />
            {formatAmount(card.value)}
          </span>
        </li>
      ))}
    </ul>
  );
}
