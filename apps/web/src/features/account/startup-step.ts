import type { PlayerProfile } from '@casino/contracts/profile';
import { useModalQueue } from '../../lib/modal-queue';
import type { StartupStep } from '../startup';
import { COMPLETE_PROFILE_DIALOG_ID } from './dialog-ids';

/** A cheap first look (no schema code): the account feature decides with the seed's full rule. */
function profileCompletionMaybeDue(profile: PlayerProfile): boolean {
  return !profile.firstName || !profile.lastName || !profile.dateOfBirth || !profile.email || profile.kycRegistrationFlag;
}

// Start-up step 4 (seed 000 section 4): the complete-profile modal, when a name, the date of birth
// or the e-mail is missing, or KYC registration asks for it.
export const steps: readonly StartupStep[] = [
  {
    order: 4,
    name: 'complete profile',
    async run({ profile, stillWanted }) {
      if (!profile.emailVerified || !profileCompletionMaybeDue(profile)) return;
      const { offerProfileCompletion } = await import('./offer-profile-completion');
      if (stillWanted()) offerProfileCompletion(profile);
    },
    reset: () => useModalQueue.getState().close(COMPLETE_PROFILE_DIALOG_ID),
  },
];
