import { useModalQueue } from '../../lib/modal-queue';
import type { StartupStep } from '../startup';

// Start-up step 5 (seed 000 section 4): the lobby popups, for a verified player (an unverified
// one is asked to verify first, and closing that prompt signs out). The dialog's code loads only
// when a popup may show.
export const steps: readonly StartupStep[] = [
  {
    order: 5,
    name: 'lobby popups',
    async run({ profile, queryClient, stillWanted }) {
      if (!profile.emailVerified) return;
      const { offerLobbyPopup } = await import('./lobby-popup');
      await offerLobbyPopup(queryClient, profile, stillWanted);
    },
    reset: () => useModalQueue.getState().close('lobby-popup'),
  },
];
