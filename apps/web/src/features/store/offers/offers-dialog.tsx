import type { Offer } from '@casino/contracts/store';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { Dialog } from '../../../components/ui/dialog';
import { formatAmount } from '../../../lib/format';
import { storeKeys } from '../api';
import { FALLBACK_PACKAGE_IMAGE } from '../components/package-card';
import { PurchaseFlow } from '../components/purchase-flow';
import { useCountdown } from './countdown';
import { OfferCountdown } from './offer-countdown';

export const OFFERS_DIALOG_TITLE = 'Special Offers';

const KIND_LABEL = { welcome: 'Welcome Offer', one_time: 'One-time Offer' } as const;

/**
 * Start-up step 7 (seed 000 section 4): the flash-sale offers the server says this player can
 * buy, each with a countdown ticking every second. An offer whose countdown reaches zero leaves
 * the dialog; the dialog closes when none is left. Buy opens the usual purchase path (billing
 * details when missing, then the payment dialog) in its place.
 */
export function OffersDialog({ offers, close }: { offers: Offer[]; close: () => void }) {
  const [ended, setEnded] = useState<number[]>([]);
  const [buying, setBuying] = useState<Offer | null>(null);
  const queryClient = useQueryClient();
  const shown = offers.filter((offer) => !ended.includes(offer.packageId));

  const end = (offer: Offer) => {
    setEnded((current) => [...current, offer.packageId]);
    void queryClient.invalidateQueries({ queryKey: storeKeys.offers });
    if (shown.length <= 1 && buying === null) close();
  };

  if (buying) {
    return (
      <PurchaseFlow
        pkg={buying}
        onClose={() => {
          void queryClient.invalidateQueries({ queryKey: storeKeys.offers });
          close();
        }}
      />
    );
  }
  return (
    <Dialog open title={OFFERS_DIALOG_TITLE} onClose={close} size={shown.length > 1 ? 'lg' : 'sm'}>
      <div className={shown.length > 1 ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
        {shown.map((offer) => (
          <OfferTile key={offer.packageId} offer={offer} onBuy={() => setBuying(offer)} onEnd={() => end(offer)} />
        ))}
      </div>
    </Dialog>
  );
}

function OfferTile({ offer, onBuy, onEnd }: { offer: Offer; onBuy: () => void; onEnd: () => void }) {
  const left = useCountdown(offer.offerEndsAt, onEnd);
  const [imageFailed, setImageFailed] = useState(false);
  if (left === 0) return null;
  const label = offer.packageType ?? KIND_LABEL[offer.offerKind];
  return (
    <article
      data-testid="offer-tile"
      aria-label={`${label}: ${formatAmount(offer.gcCoin)} GC for $${formatAmount(offer.amount)}`}
      className="flex flex-col gap-3 rounded-2xl border border-neon-pink/40 bg-night-900/70 p-4 shadow-lg"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="rounded-full bg-gradient-to-r from-neon-pink to-neon-violet px-3 py-1 text-[11px] font-extrabold tracking-wide whitespace-nowrap text-white uppercase">
          {label}
        </span>
        <OfferCountdown left={left} />
      </div>
      <div className="flex items-center gap-3">
        <img
          src={imageFailed || !offer.imageUrl ? FALLBACK_PACKAGE_IMAGE : offer.imageUrl}
          onError={() => setImageFailed(true)}
          alt=""
          width={80}
          height={60}
          className="h-[60px] w-20 shrink-0 rounded-xl object-cover"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex items-center gap-2 text-lg font-extrabold whitespace-nowrap text-gold-300">
            <CoinIcon coin="GC" />
            <span>{formatAmount(offer.gcCoin)} GC</span>
          </p>
          <p className="flex items-center gap-2 text-sm font-bold text-emerald-sc">
            <CoinIcon coin="SC" className="h-4 w-4" />
            <span>+ {formatAmount(offer.scCoin)} SC</span>
          </p>
          {offer.previousAmount !== null ? (
            <p className="text-xs text-ink-muted line-through">Old Price : ${formatAmount(offer.previousAmount)}</p>
          ) : null}
        </div>
      </div>
      <Button size="lg" className="w-full" onClick={onBuy}>
        ${formatAmount(offer.amount)}
      </Button>
    </article>
  );
}
