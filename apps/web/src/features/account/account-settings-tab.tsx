import type { PlayerProfile } from '@casino/contracts/profile';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../auth';
import { AvatarUpload } from './avatar-upload';
import { lockedFields, profileDefaults, ProfileFields, useProfileForm } from './profile-form';

/**
 * The Account tab (seed 001 section 2 'Account Settings'): avatar, first and last name, e-mail,
 * date of birth, contact number (+1), address, city, state and zip code; names, e-mail, phone and
 * date of birth read-only once set. Save sends PUT /user/profile; Reset restores the saved values.
 */
export function AccountSettingsTab() {
  const profile = useProfile();
  if (!profile.data) return <Skeleton className="h-96 rounded-2xl" />;
  // A new form once the saved fields change (not on a balance update), so Reset returns to what the server holds.
  return <AccountSettingsForm key={JSON.stringify(profileDefaults(profile.data))} user={profile.data} />;
}

function AccountSettingsForm({ user }: { user: PlayerProfile }) {
  const { form, submit, saving } = useProfileForm(user);
  // Reset remounts the fields too, so the date-of-birth picker forgets a half-made choice.
  const [resets, setResets] = useState(0);
  return (
    <section className="rounded-2xl border border-night-600/70 bg-night-900/60 p-4 sm:p-6" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title" className="mb-4 font-display text-lg font-extrabold tracking-wide text-gradient-gold uppercase">
        Account Settings
      </h2>
      <AvatarUpload user={user} />
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-3" aria-label="Account settings">
        <ProfileFields key={resets} form={form} locked={lockedFields(user)} showEmail />
        <Input
          label="Contact Number"
          readOnly
          value={user.phone ? `+1 ${user.phone}` : '+1'}
          hint={user.phoneVerified ? 'Verified' : 'Add and verify your phone number in the Verification tab.'}
        />
        <div className="mt-2 flex flex-wrap gap-3">
          <Button type="submit" size="lg" loading={saving} className="min-w-36">
            Save
          </Button>
          <Button
            type="button"
            size="lg"
            variant="outline"
            className="min-w-36"
            disabled={saving}
            onClick={() => {
              form.reset(profileDefaults(user));
              setResets((count) => count + 1);
            }}
          >
            Reset
          </Button>
        </div>
      </form>
    </section>
  );
}
