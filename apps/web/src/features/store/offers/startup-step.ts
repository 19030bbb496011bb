import { useModalQueue } from '../../../lib/modal-queue';
import type { StartupStep } from '../../startup';
import { OFFERS_DIALOG_ID } from './offer-dialog-id';

// Start-up step 7 (seed 000 section 4): the flash-sale offers, loaded only for a signed-in player
// (their code stays out of the shell).
export const steps: readonly StartupStep[] = [
  {
    order: 7,
    name: 'flash-sale offers',
    async run({ profile, queryClient, stillWanted }) {
      const { offerFlashSales } = await import('./offer-startup');
      await offerFlashSales(queryClient, profile.userId, stillWanted);
    },
    reset: () => useModalQueue.getState().close(OFFERS_DIALOG_ID),
  },
];
