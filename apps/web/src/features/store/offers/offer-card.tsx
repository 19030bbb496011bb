import type { Offer } from '@casino/contracts/store';
import { PackageCard } from '../components/package-card';
import { useCountdown } from './countdown';
import { OfferCountdown } from './offer-countdown';

/** A flash-sale offer on the store page: the package card with its countdown; gone at zero. */
export function OfferCard({
  offer,
  busy,
  disabled,
  onBuy,
  onEnd,
}: {
  offer: Offer;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
  onEnd: () => void;
}) {
  const left = useCountdown(offer.offerEndsAt, onEnd);
  if (left === 0) return null;
  return (
    <PackageCard pkg={offer} busy={busy} disabled={disabled} onBuy={onBuy} testId="offer-card">
      <OfferCountdown left={left} />
    </PackageCard>
  );
}
