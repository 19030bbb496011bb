import { CoinIcon } from '../../../components/ui/coin-icon';
import { formatCompactAmount } from '../../../lib/format';

/** The GC and SC of a bonus as two coin tiles (amounts as seed 000 section 9: 2 decimals, K/M). */
export function BonusAmounts({ gcAmount, scAmount, scBadge }: { gcAmount: number; scAmount: number; scBadge?: string }) {
  return (
    <div className="flex items-stretch justify-center gap-2 sm:gap-3">
      <div className="flex flex-1 flex-col items-center gap-1.5 rounded-2xl border border-gold-500/40 bg-gold-500/10 px-3 py-4">
        <CoinIcon coin="GC" className="h-10 w-10" />
        <p className="text-xl font-black text-gold-300 tabular-nums">
          {formatCompactAmount(gcAmount)} <span className="text-sm">GC</span>
        </p>
        <p className="text-xs font-semibold text-ink-muted">Gold Coins</p>
      </div>
      <div aria-hidden="true" className="flex items-center text-2xl font-black text-ink-faint">
        +
      </div>
      <div className="relative flex flex-1 flex-col items-center gap-1.5 rounded-2xl border border-emerald-sc/40 bg-emerald-sc/10 px-3 py-4">
        {scBadge ? (
          <span className="absolute -top-2.5 right-2 rounded-full bg-neon-pink px-2 py-0.5 text-[10px] font-black tracking-widest text-night-950 uppercase">
            {scBadge}
          </span>
        ) : null}
        <CoinIcon coin="SC" className="h-10 w-10" />
        <p className="text-xl font-black text-emerald-sc tabular-nums">
          {formatCompactAmount(scAmount)} <span className="text-sm">SC</span>
        </p>
        <p className="text-xs font-semibold text-ink-muted">Sweeps Coins</p>
      </div>
    </div>
  );
}
