import { useModalQueue } from '../../lib/modal-queue';
import type { StartupStep } from '../startup';
import { bonusDialogIds } from './bonus-dialog-ids';

// Start-up steps 2 and 3 (seed 000 section 4): the daily bonus when not claimed (and active), the
// welcome bonus when not claimed and allowed. An unverified player cannot claim (3122): step 1
// asks them to verify first. The dialogs' code loads only when one may be shown.
export const steps: readonly StartupStep[] = [
  {
    order: 2,
    name: 'daily bonus',
    async run({ profile, queryClient, stillWanted }) {
      if (!profile.emailVerified || profile.isDailyBonusClaimed) return;
      const { offerDailyBonus } = await import('./offer-bonus');
      await offerDailyBonus(queryClient, stillWanted);
    },
    reset: () => useModalQueue.getState().close(bonusDialogIds.daily),
  },
  {
    order: 3,
    name: 'welcome bonus',
    async run({ profile, queryClient, stillWanted }) {
      if (!profile.emailVerified || profile.isWelcomeBonusClaimed || !profile.isWelcomeBonusAllowed) return;
      const { offerWelcomeBonus } = await import('./offer-bonus');
      await offerWelcomeBonus(queryClient, stillWanted);
    },
    reset: () => useModalQueue.getState().close(bonusDialogIds.welcome),
  },
];
