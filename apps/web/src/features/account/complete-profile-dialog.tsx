import { PROFILE_COMPLETION_CLOSABLE_AFTER } from '@casino/contracts/account';
import type { PlayerProfile } from '@casino/contracts/profile';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { lockedFields, ProfileFields, useProfileForm } from './profile-form';

/**
 * The complete-profile modal (seed 000 section 4 step 4, seed 001 section 2): the player's names,
 * date of birth (month, day and year selects) and address, saved with PUT /user/profile (country
 * 199). It can be closed only after 3 failed attempts (seed 001 section 9); a failed attempt is a
 * submit refused by the form's rules or by the server.
 */
export function CompleteProfileDialog({ user, close }: { user: PlayerProfile; close: () => void }) {
  const [failures, setFailures] = useState(0);
  const { form, submit, saving } = useProfileForm(user, { onSaved: close, onFailed: () => setFailures((count) => count + 1) });
  const closable = failures >= PROFILE_COMPLETION_CLOSABLE_AFTER;
  return (
    <Dialog open title="Complete Your Profile" onClose={closable ? close : undefined} size="lg">
      <p className="-mt-2 mb-4 text-sm text-ink-muted">
        Tell us a little about yourself to keep playing. You must be at least 18 years old.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-label="Complete your profile">
        <ProfileFields form={form} locked={lockedFields(user)} />
        <Button type="submit" size="lg" loading={saving} className="mt-2">
          Save
        </Button>
      </form>
    </Dialog>
  );
}
