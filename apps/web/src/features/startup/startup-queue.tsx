import type { PlayerProfile } from '@casino/contracts/profile';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useModalQueue } from '../../lib/modal-queue';
import { useAuthStore } from '../auth/auth-store';
import { useProfile } from '../auth/profile';
import { COMPLETE_PROFILE_DIALOG_ID } from '../account/dialog-ids';
import { bonusDialogIds } from '../bonus/bonus-dialog-ids';

/**
 * The start-up queue (seed 000 section 4): once the signed-in player's profile has loaded, its
 * steps are queued in order in the modal portal, which shows one dialog at a time:
 *   1. the e-mail verification prompt, when the e-mail is not verified: queued by features/auth
 *      (AuthDialogs) at once when the profile arrives, so it always comes before the steps below;
 *   2. the daily bonus, when not claimed (and active);
 *   3. the welcome bonus, when not claimed and allowed;
 *   4. the complete-profile modal (features/account), when a name, the date of birth or the
 *      e-mail is missing, or KYC registration asks for it.
 * It runs once per player per page load, and again after a login as another player; login
 * success itself is covered by this, since it changes the signed-in player. Steps 5-7 (popups,
 * location, offers) belong to the features that own those dialogs.
 */
let startedFor: number | undefined;

function isSignedInAs(userId: number): boolean {
  const { isAuthenticated, user } = useAuthStore.getState();
  return isAuthenticated && user?.userId === userId;
}

export async function runStartupQueue(profile: PlayerProfile, queryClient: QueryClient): Promise<void> {
  // An unverified player cannot claim (the server refuses with 3122); step 1 asks them to verify.
  if (!profile.emailVerified) return;
  const stillWanted = () => isSignedInAs(profile.userId);
  const wantsDaily = !profile.isDailyBonusClaimed;
  const wantsWelcome = !profile.isWelcomeBonusClaimed && profile.isWelcomeBonusAllowed;
  if (wantsDaily || wantsWelcome) {
    // The dialogs and their schemas load only when one may be shown.
    const { offerDailyBonus, offerWelcomeBonus } = await import('../bonus/offer-bonus');
    // A step that cannot load its bonus is skipped; the next still runs.
    if (wantsDaily) await offerDailyBonus(queryClient, stillWanted).catch(() => undefined);
    if (wantsWelcome) await offerWelcomeBonus(queryClient, stillWanted).catch(() => undefined);
  }
  // Step 4: the complete-profile modal, when a name, the date of birth or the e-mail is missing.
  if (profileCompletionMaybeDue(profile)) {
    const { offerProfileCompletion } = await import('../account/offer-profile-completion');
    if (stillWanted()) offerProfileCompletion(profile);
  }
}

/** A cheap first look (no schema code): the account feature decides with the seed's full rule. */
function profileCompletionMaybeDue(profile: PlayerProfile): boolean {
  return !profile.firstName || !profile.lastName || !profile.dateOfBirth || !profile.email || profile.kycRegistrationFlag;
}

export function StartupQueue() {
  const userId = useAuthStore((state) => (state.isAuthenticated ? state.user?.userId : undefined));
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();

  useEffect(() => {
    if (userId === undefined) {
      // Logged out: a bonus dialog still waiting in the queue is no longer anyone's.
      startedFor = undefined;
      const { close } = useModalQueue.getState();
      close(bonusDialogIds.daily);
      close(bonusDialogIds.welcome);
      close(COMPLETE_PROFILE_DIALOG_ID);
      return;
    }
    if (!profile || profile.userId !== userId || startedFor === userId) return;
    startedFor = userId;
    void runStartupQueue(profile, queryClient);
  }, [userId, profile, queryClient]);

  return null;
}
