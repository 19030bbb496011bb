import type { QueryClient } from '@tanstack/react-query';
import { enqueueModal } from '../../../lib/modal-queue';
import { offersQuery } from '../api';
import { OFFERS_DIALOG_ID } from './offer-dialog-id';
import { OffersDialog } from './offers-dialog';

/**
 * Start-up step 7 (seed 000 section 4 'Promo purchase offers'): asks the server which flash-sale
 * offers this player can buy now (welcome offer within its minutes since registration, one-time
 * offers until validTill, not yet bought) and queues their dialog when there is one.
 */
export async function offerFlashSales(queryClient: QueryClient, stillWanted: () => boolean = () => true): Promise<void> {
  const offers = await queryClient.fetchQuery({ ...offersQuery(), staleTime: 0 });
  const open = offers.rows.filter((offer) => offer.offerEndsAt === null || new Date(offer.offerEndsAt).getTime() > Date.now());
  if (open.length === 0 || !stillWanted()) return;
  enqueueModal({ id: OFFERS_DIALOG_ID, render: (close) => <OffersDialog offers={open} close={close} /> });
}
