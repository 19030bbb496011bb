import type { QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { enqueueModal } from '../../../lib/modal-queue';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage';
import { offersQuery } from '../api';
import { OFFERS_DIALOG_ID } from './offer-dialog-id';

/**
 * The sign-in whose offers dialog has shown: the player and the login time this device stored at
 * that login, in local storage, so that every tab and every page load of one sign-in share it.
 */
export const OFFERS_SHOWN_KEY = 'offersShownFor';

function currentSignIn(userId: number): string | null {
  const loginTime = readStorage(storageKeys.loginTime);
  return loginTime ? `${userId}|${loginTime}` : null;
}

function shownThisSignIn(userId: number): boolean {
  const signIn = currentSignIn(userId);
  return signIn !== null && readStorage(OFFERS_SHOWN_KEY) === signIn;
}

/** Marks the sign-in once the dialog is on screen (a dialog still waiting in the queue has not shown). */
function MarkShown({ userId, children }: { userId: number; children: ReactNode }) {
  useEffect(() => {
    const signIn = currentSignIn(userId);
    if (signIn) writeStorage(OFFERS_SHOWN_KEY, signIn);
  }, [userId]);
  return children;
}

/**
 * Start-up step 7 (seed 000 section 4 'Promo purchase offers'): asks the server which flash-sale
 * offers this player can buy now (welcome offer within its minutes since registration, one-time
 * offers until validTill, not yet bought) and queues their dialog when there is one. The dialog
 * shows at most once per sign-in: not again on a page load or in another tab (the offers stay on
 * the store page); the next sign-in brings it back.
 */
export async function offerFlashSales(queryClient: QueryClient, userId: number, stillWanted: () => boolean = () => true): Promise<void> {
  if (shownThisSignIn(userId)) return;
  const offers = await queryClient.fetchQuery({ ...offersQuery(), staleTime: 0 });
  const open = offers.rows.filter((offer) => offer.offerEndsAt === null || new Date(offer.offerEndsAt).getTime() > Date.now());
  if (open.length === 0 || !stillWanted()) return;
  // The dialog and its purchase flow (forms, validation) load only for an offer to show: a player
  // who has seen them in this sign-in loads none of it (docs/decisions/067).
  const { OffersDialog } = await import('./offers-dialog');
  if (!stillWanted() || shownThisSignIn(userId)) return;
  enqueueModal({
    id: OFFERS_DIALOG_ID,
    render: (close) => (
      <MarkShown userId={userId}>
        <OffersDialog offers={open} close={close} />
      </MarkShown>
    ),
  });
}
