import {
  BILLING_COUNTRY_ID,
  billingDetailsSchema,
  PROFILE_UPDATED_MESSAGE,
  type BillingDetails,
  type CityListItem,
  type StateListItem,
} from '@casino/contracts/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorMessage, http } from '../../../lib/http';
import { profileQueryKey } from '../../auth';
import type { PlayerProfile } from '@casino/contracts/profile';

const statesQuery = queryOptions({
  queryKey: ['details', 'state'],
  queryFn: async ({ signal }) => (await http.get<{ rows: StateListItem[] }>('details/state', undefined, signal)).rows,
  staleTime: Infinity,
});

function citiesQuery(stateId: string) {
  return queryOptions({
    queryKey: ['details', 'city', stateId],
    queryFn: async ({ signal }) => (await http.get<{ rows: CityListItem[] }>('details/city', { stateId }, signal)).rows,
    staleTime: Infinity,
    enabled: stateId !== '',
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The billing-details step (seed 001 sections 2 and 5): asked before the payment when the date of
 * birth, address, city, state or zip code is missing; saved with PUT /user/profile (skipCheck).
 */
export function BillingDetailsDialog({ user, onSaved, onClose }: { user: PlayerProfile; onSaved: () => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<BillingDetails>({
    resolver: zodResolver(billingDetailsSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      dateOfBirth: text(user.dateOfBirth),
      addressLine_1: text(user.addressLine_1),
      addressLine_2: text(user.addressLine_2),
      state: text(user.state),
      city: text(user.city),
      zipCode: text(user.zipCode),
    },
  });
  const { errors } = form.formState;
  const stateId = useWatch({ control: form.control, name: 'state' });
  const states = useQuery(statesQuery);
  const cities = useQuery(citiesQuery(stateId));
  const save = useMutation({
    mutationFn: (values: BillingDetails) =>
      http.put<Record<string, string>>('user/profile', { ...values, country: BILLING_COUNTRY_ID, skipCheck: true }),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await save.mutateAsync(values);
      // The one copy of the player is the profile query: read it again from the server.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      toast.success(response.message ?? PROFILE_UPDATED_MESSAGE);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open title="Billing Details" onClose={onClose} size="md">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3" aria-label="Billing details">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Input
            label="First Name"
            autoComplete="given-name"
            readOnly={Boolean(user.firstName)}
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <Input
            label="Last Name"
            autoComplete="family-name"
            readOnly={Boolean(user.lastName)}
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <Input
          label="Date of Birth"
          type="date"
          autoComplete="bday"
          readOnly={Boolean(user.dateOfBirth)}
          error={errors.dateOfBirth?.message}
          {...form.register('dateOfBirth')}
        />
        <Input
          label="Address Line 1"
          autoComplete="address-line1"
          error={errors.addressLine_1?.message}
          {...form.register('addressLine_1')}
        />
        <Input
          label="Address Line 2"
          autoComplete="address-line2"
          error={errors.addressLine_2?.message}
          {...form.register('addressLine_2')}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Select
            label="State"
            placeholder="Select state"
            options={(states.data ?? []).map((state) => ({ value: String(state.state_id), label: state.name }))}
            error={errors.state?.message}
            {...form.register('state', { onChange: () => form.setValue('city', '') })}
          />
          <Select
            label="City"
            placeholder={stateId ? 'Select city' : 'Select a state first'}
            disabled={!stateId || cities.isPending}
            options={(cities.data ?? []).map((city) => ({ value: city.name, label: city.name }))}
            error={errors.city?.message}
            {...form.register('city')}
          />
        </div>
        <Input
          label="Zip Code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
        <Button type="submit" size="lg" loading={save.isPending} className="mt-2">
          Continue
        </Button>
      </form>
    </Dialog>
  );
}
