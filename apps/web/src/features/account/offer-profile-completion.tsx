import { profileCompletionDue } from '@casino/contracts/account';
import type { PlayerProfile } from '@casino/contracts/profile';
import { enqueueModal } from '../../lib/modal-queue';
import { CompleteProfileDialog } from './complete-profile-dialog';
import { COMPLETE_PROFILE_DIALOG_ID } from './dialog-ids';

/** Start-up step 4 (seed 000 section 4): queue the complete-profile modal when it is due. */
export function offerProfileCompletion(profile: PlayerProfile): void {
  if (!profileCompletionDue(profile)) return;
  enqueueModal({ id: COMPLETE_PROFILE_DIALOG_ID, render: (close) => <CompleteProfileDialog user={profile} close={close} /> });
}
