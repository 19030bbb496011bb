import type { PopupGroup } from '@casino/contracts/popups';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { enqueueModal, useModalQueue } from '../../lib/modal-queue';
import { useAuthStore } from '../auth';
import { popupsQuery } from './api';
import { firstShowable, POPUP_DELAY_MS } from './dismissed';
import { PopupDialog } from './popup-dialog';

/**
 * A page's popup (seed 000 section 4 'Popups'): on /promotions-page, /user/store, /user/reward and
 * /vip, the first active popup of the page's group for this visitor or player, 1.5 s after the page
 * opens, in the modal queue; leaving the page takes it back.
 */
export function PagePopup({ group }: { group: Exclude<PopupGroup, 'lobby'> }) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const popups = useQuery(popupsQuery(signedIn));
  const popup = popups.data ? firstShowable(popups.data.groups[group]) : undefined;

  useEffect(() => {
    if (!popup) return;
    const id = `popup-${popup.popupId}`;
    const timer = window.setTimeout(
      () => enqueueModal({ id, render: (close) => <PopupDialog popup={popup} close={close} /> }),
      POPUP_DELAY_MS,
    );
    return () => {
      window.clearTimeout(timer);
      useModalQueue.getState().close(id);
    };
  }, [popup]);

  return null;
}
