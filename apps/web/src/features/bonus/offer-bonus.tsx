import type { QueryClient } from '@tanstack/react-query';
import { enqueueModal } from '../../lib/modal-queue';
import { dailyBonusQueryOptions, welcomeBonusQueryOptions } from './api';
import { bonusDialogIds } from './bonus-dialog-ids';
import { DailyBonusDialog } from './components/daily-bonus-dialog';
import { WelcomeBonusDialog } from './components/welcome-bonus-dialog';

/**
 * The bonus steps of the start-up queue and of login success (seed 000 section 4): fetch the
 * bonus, and queue its dialog in the modal portal when it can be claimed. `stillWanted` is asked
 * after the fetch, so a player who logged out meanwhile gets no dialog.
 */
export async function offerDailyBonus(queryClient: QueryClient, stillWanted: () => boolean = () => true): Promise<void> {
  const bonus = await queryClient.fetchQuery(dailyBonusQueryOptions());
  if (!bonus.isActive || bonus.isClaimed || !stillWanted()) return;
  enqueueModal({ id: bonusDialogIds.daily, render: (close) => <DailyBonusDialog bonus={bonus} close={close} /> });
}

export async function offerWelcomeBonus(queryClient: QueryClient, stillWanted: () => boolean = () => true): Promise<void> {
  const bonus = await queryClient.fetchQuery(welcomeBonusQueryOptions());
  if (!bonus.isActive || !bonus.isAllowed || bonus.isClaimed || !stillWanted()) return;
  enqueueModal({ id: bonusDialogIds.welcome, render: (close) => <WelcomeBonusDialog bonus={bonus} close={close} /> });
}
