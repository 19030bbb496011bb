import type { Popup } from '@casino/contracts/popups';
import type { PlayerProfile } from '@casino/contracts/profile';
import type { QueryClient } from '@tanstack/react-query';
import { enqueueModal } from '../../lib/modal-queue';
import { SPIN_WHEEL_PATH } from '../spin-wheel';
import { popupsQuery } from './api';
import { firstShowable, POPUP_DELAY_MS } from './dismissed';

/** The id of the queued lobby popup, to take it back on logout. */
export const LOBBY_POPUP_DIALOG_ID = 'lobby-popup';

/**
 * A popup that invites to the daily spin is not shown while the spin is used: its button would
 * lead to a wheel that cannot turn until the next spin opens.
 */
function stillOffered(popup: Popup, profile: Pick<PlayerProfile, 'isSpinWheelBonusClaimed'>): boolean {
  return !(popup.btnRedirection === SPIN_WHEEL_PATH && profile.isSpinWheelBonusClaimed);
}

/** Start-up step 5: the first lobby popup this player has not dismissed, after the popup delay. */
export async function offerLobbyPopup(
  queryClient: QueryClient,
  profile: Pick<PlayerProfile, 'isSpinWheelBonusClaimed'>,
  stillWanted: () => boolean,
): Promise<void> {
  const list = await queryClient.fetchQuery(popupsQuery(true));
  const popup = firstShowable(list.groups.lobby.filter((candidate) => stillOffered(candidate, profile)));
  if (!popup) return;
  // The dialog's code loads only for a popup to show, during the popup delay: a returning player
  // who has dismissed them all loads none of it (docs/decisions/067).
  const [{ PopupDialog }] = await Promise.all([import('./popup-dialog'), new Promise((resolve) => setTimeout(resolve, POPUP_DELAY_MS))]);
  if (!stillWanted()) return;
  enqueueModal({ id: LOBBY_POPUP_DIALOG_ID, render: (close) => <PopupDialog popup={popup} close={close} /> });
}
