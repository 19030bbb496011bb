import type { Offer } from '@casino/contracts/store';
import type { QueryClient } from '@tanstack/react-query';
import { enqueueModal } from '../../../lib/modal-queue';
import { offersQuery } from '../api';
import { OFFERS_DIALOG_ID } from './offer-dialog-id';

/** The offers a player closed (or bought through) in this tab: not queued again on a reload. */
const seenKey = (userId: number) => `offersSeen:${userId}`;

function seenOffers(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(seenKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function markSeen(userId: number, offers: Offer[]): void {
  try {
    const ids = new Set([...seenOffers(userId), ...offers.map((offer) => offer.packageId)]);
    sessionStorage.setItem(seenKey(userId), JSON.stringify([...ids]));
  } catch {
    // Storage unavailable: the offers are simply shown again after a reload.
  }
}

/**
 * Start-up step 7 (seed 000 section 4 'Promo purchase offers'): asks the server which flash-sale
 * offers this player can buy now (welcome offer within its minutes since registration, one-time
 * offers until validTill, not yet bought) and queues their dialog when there is one. Offers the
 * player has closed in this tab are not queued again on a reload (they stay on the store page);
 * a new offer, or a new tab, brings the dialog back.
 */
export async function offerFlashSales(queryClient: QueryClient, userId: number, stillWanted: () => boolean = () => true): Promise<void> {
  const offers = await queryClient.fetchQuery({ ...offersQuery(), staleTime: 0 });
  const seen = seenOffers(userId);
  const open = offers.rows.filter(
    (offer) => !seen.includes(offer.packageId) && (offer.offerEndsAt === null || new Date(offer.offerEndsAt).getTime() > Date.now()),
  );
  if (open.length === 0 || !stillWanted()) return;
  // The dialog and its purchase flow (forms, validation) load only for an offer to show: a player
  // who has closed them all in this tab loads none of it (docs/decisions/067).
  const { OffersDialog } = await import('./offers-dialog');
  if (!stillWanted()) return;
  enqueueModal({
    id: OFFERS_DIALOG_ID,
    render: (close) => (
      <OffersDialog
        offers={open}
        close={() => {
          markSeen(userId, open);
          close();
        }}
      />
    ),
  });
}
