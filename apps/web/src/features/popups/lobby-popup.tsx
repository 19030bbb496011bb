import type { QueryClient } from '@tanstack/react-query';
import { enqueueModal } from '../../lib/modal-queue';
import { popupsQuery } from './api';
import { firstShowable, POPUP_DELAY_MS } from './dismissed';

/** The id of the queued lobby popup, to take it back on logout. */
export const LOBBY_POPUP_DIALOG_ID = 'lobby-popup';

/** Start-up step 5: the first lobby popup this player has not dismissed, after the popup delay. */
export async function offerLobbyPopup(queryClient: QueryClient, stillWanted: () => boolean): Promise<void> {
  const list = await queryClient.fetchQuery(popupsQuery(true));
  const popup = firstShowable(list.groups.lobby);
  if (!popup) return;
  // The dialog's code loads only for a popup to show, during the popup delay: a returning player
  // who has dismissed them all loads none of it (docs/decisions/067).
  const [{ PopupDialog }] = await Promise.all([import('./popup-dialog'), new Promise((resolve) => setTimeout(resolve, POPUP_DELAY_MS))]);
  if (!stillWanted()) return;
  enqueueModal({ id: LOBBY_POPUP_DIALOG_ID, render: (close) => <PopupDialog popup={popup} close={close} /> });
}
