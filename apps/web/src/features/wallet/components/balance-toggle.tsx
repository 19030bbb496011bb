import { coinTypes, type CoinType } from '@casino/contracts/constants';
import { cn } from '../../../lib/cn';
import { formatCompactAmount } from '../../../lib/format';
import { useCoinStore } from '../coin-store';
import { useWallet } from '../wallet-store';
import { CoinIcon } from '../../../components/ui/coin-icon';

const coinNames: Record<CoinType, string> = { GC: 'Gold Coins', SC: 'Sweeps Coins' };

/**
 * The header's GC/SC balance toggle (seed 000 sections 2 and 9): the chosen coin's balance with
 * two decimals and K/M abbreviations; the choice is kept in local storage 'coin', SC by default.
 * The balance is a polite live region, so a win or a bonus is announced without stealing focus.
 */
export function BalanceToggle() {
  const coin = useCoinStore((state) => state.coin);
  const setCoin = useCoinStore((state) => state.setCoin);
  const wallet = useWallet();
  const amount = coin === 'GC' ? (wallet?.gcCoin ?? 0) : (wallet?.totalScCoin ?? 0);

  return (
    <div className="flex h-10 items-center gap-1 rounded-xl border border-night-600 bg-night-850/90 p-1">
      <div role="group" aria-label="Coin" className="flex rounded-lg bg-night-950/70 p-0.5">
        {coinTypes.map((type) => {
          const selected = type === coin;
          return (
            <button
              key={type}
              type="button"
              aria-pressed={selected}
              title={coinNames[type]}
              onClick={() => setCoin(type)}
              className={cn(
                'h-7 cursor-pointer rounded-md px-1.5 text-[11px] font-black tracking-wide transition-colors sm:px-2 sm:text-xs',
                selected
                  ? type === 'GC'
                    ? 'bg-gradient-to-b from-gold-300 to-gold-500 text-night-950'
                    : 'bg-gradient-to-b from-emerald-sc to-[#15925f] text-night-950'
                  : 'text-ink-faint hover:text-ink',
              )}
            >
              {type}
            </button>
          );
        })}
      </div>
      <div className="flex min-w-0 items-center gap-1.5 pr-1.5 pl-0.5 sm:pl-1">
        <CoinIcon coin={coin} className="hidden h-5 w-5 sm:block" />
        <output
          aria-label={`${coin} balance`}
          className={cn('text-sm font-extrabold tabular-nums', coin === 'GC' ? 'text-gold-300' : 'text-emerald-sc')}
        >
          {formatCompactAmount(amount)}
        </output>
      </div>
    </div>
  );
}
