import type { Package } from '@casino/contracts/store';
import { useState, type ReactNode } from 'react';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { Spinner } from '../../../components/ui/spinner';
import { formatAmount } from '../../../lib/format';

/** Shown when a package image fails to load. */
export const FALLBACK_PACKAGE_IMAGE = '/store/coins-2.svg';

/**
 * A package card (seed 001 section 2 'Store screen'): ribbon (packageType, when showPackageType),
 * image with a fallback, GC and SC, the struck-through old price, and the buy button with the
 * amount; a spinner replaces the button while this card's purchase starts.
 */
export function PackageCard({
  pkg,
  busy,
  disabled,
  onBuy,
  testId = 'package-card',
  children,
}: {
  pkg: Package;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
  testId?: string;
  /** Shown above the coins (a flash-sale offer's countdown). */
  children?: ReactNode;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article
      data-testid={testId}
      aria-label={`Package ${formatAmount(pkg.gcCoin)} GC for $${formatAmount(pkg.amount)}`}
      className="relative flex flex-col overflow-hidden rounded-2xl border border-night-600/70 bg-gradient-to-b from-night-700 to-night-900 shadow-lg transition hover:border-gold-400/70"
    >
      {pkg.showPackageType && pkg.packageType ? (
        <span className="absolute top-6 -right-11 z-10 w-44 rotate-45 bg-gradient-to-r from-neon-pink to-neon-violet py-1 text-center text-[11px] font-extrabold tracking-wide text-white uppercase shadow">
          {pkg.packageType}
        </span>
      ) : null}
      <img
        src={imageFailed || !pkg.imageUrl ? FALLBACK_PACKAGE_IMAGE : pkg.imageUrl}
        onError={() => setImageFailed(true)}
        alt=""
        width={240}
        height={180}
        loading="lazy"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {children}
        <p className="flex items-center gap-2 text-lg font-extrabold text-gold-300">
          <CoinIcon coin="GC" />
          <span>{formatAmount(pkg.gcCoin)} GC</span>
        </p>
        <p className="flex items-center gap-2 text-sm font-bold text-emerald-sc">
          <CoinIcon coin="SC" className="h-4 w-4" />
          <span>+ {formatAmount(pkg.scCoin)} SC</span>
        </p>
        {pkg.previousAmount !== null ? (
          <p className="text-xs text-ink-muted line-through" data-testid="old-price">
            Old Price : ${formatAmount(pkg.previousAmount)}
          </p>
        ) : null}
        <div className="mt-auto pt-2">
          {busy ? (
            <div className="flex h-11 items-center justify-center text-gold-300">
              <Spinner label="Processing" />
            </div>
          ) : (
            <button
              type="button"
              onClick={onBuy}
              disabled={disabled}
              className="h-11 w-full cursor-pointer rounded-xl bg-gradient-to-b from-gold-300 to-gold-500 text-base font-extrabold text-night-950 shadow-gold transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
            >
              ${formatAmount(pkg.amount)}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
