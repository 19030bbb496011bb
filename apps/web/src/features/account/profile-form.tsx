import { accountProfileSchema, accountTexts, genderLabels, genders, type AccountProfileInput } from '@casino/contracts/account';
import { BILLING_COUNTRY_ID } from '@casino/contracts/billing';
import { errorCodes } from '@casino/contracts/errors';
import type { PlayerProfile } from '@casino/contracts/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { ApiError, errorMessage, isSessionHandled } from '../../lib/http';
import { formatDate } from '../../lib/format';
import { profileQueryKey } from '../auth';
import { citiesQuery, statesQuery, useUpdateProfile } from './api';
import { DateOfBirthPicker } from './date-of-birth-picker';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function profileDefaults(user: PlayerProfile): DefaultValues<AccountProfileInput> {
  return {
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    email: user.email,
    dateOfBirth: text(user.dateOfBirth),
    // None until the player saves this form (seed 001 section 5 asks it): the select starts empty.
    gender: user.gender ?? undefined,
    addressLine_1: text(user.addressLine_1),
    addressLine_2: text(user.addressLine_2),
    state: text(user.state),
    city: text(user.city),
    zipCode: text(user.zipCode),
  };
}

/** The fields that are read-only once set (seed 001 section 2 'Account Settings'). */
export function lockedFields(user: PlayerProfile) {
  return { firstName: Boolean(user.firstName), lastName: Boolean(user.lastName), dateOfBirth: Boolean(user.dateOfBirth) };
}

/**
 * The profile form's state and its save: the contracts schema (the server checks the same), PUT
 * /user/profile, then the one profile query is read again. 3007 marks the e-mail field; other
 * failures mark the field the server names and toast its description (seed 001 section 8).
 */
export function useProfileForm(user: PlayerProfile, { onSaved, onFailed }: { onSaved?: () => void; onFailed?: () => void } = {}) {
  const queryClient = useQueryClient();
  const form = useForm<AccountProfileInput>({
    resolver: zodResolver(accountProfileSchema),
    mode: 'onTouched',
    defaultValues: profileDefaults(user),
  });
  const save = useUpdateProfile();
  const submit = form.handleSubmit(
    async (values) => {
      try {
        const response = await save.mutateAsync({
          firstName: values.firstName,
          lastName: values.lastName,
          dateOfBirth: values.dateOfBirth,
          addressLine_1: values.addressLine_1,
          addressLine_2: values.addressLine_2 ?? '',
          city: values.city,
          state: values.state,
          zipCode: values.zipCode,
          gender: values.gender,
          country: BILLING_COUNTRY_ID,
          ...(values.email ? { email: values.email } : {}),
        });
        await queryClient.invalidateQueries({ queryKey: profileQueryKey });
        toast.success(response.message ?? accountTexts.profileUpdated);
        onSaved?.();
      } catch (error) {
        onFailed?.();
        if (isSessionHandled(error)) return;
        if (error instanceof ApiError && error.hasCode(errorCodes.EmailAlreadyExists.code)) {
          form.setError('email', { message: accountTexts.emailTaken });
          return;
        }
        const issues =
          error instanceof ApiError
            ? (error.errors[0]?.details as { issues?: { field: string; message: string }[] } | undefined)?.issues
            : undefined;
        const field = issues?.[0]?.field.replace(/^body\./, '');
        if (field && field in form.getValues()) form.setError(field as keyof AccountProfileInput, { message: issues![0]!.message });
        toast.error(errorMessage(error));
      }
    },
    () => onFailed?.(),
  );
  return { form, submit, saving: save.isPending };
}

/** The address and identity fields shared by the Account tab and the complete-profile modal. */
export function ProfileFields({
  form,
  locked,
  showEmail = false,
}: {
  form: UseFormReturn<AccountProfileInput>;
  locked: { firstName: boolean; lastName: boolean; dateOfBirth: boolean };
  showEmail?: boolean;
}) {
  const { errors } = form.formState;
  const stateId = useWatch({ control: form.control, name: 'state' });
  const states = useQuery(statesQuery);
  const cities = useQuery(citiesQuery(stateId));
  const dateOfBirth = form.getValues('dateOfBirth');
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Input
          label="First Name"
          autoComplete="given-name"
          readOnly={locked.firstName}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <Input
          label="Last Name"
          autoComplete="family-name"
          readOnly={locked.lastName}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      {showEmail ? <Input label="Email" type="email" readOnly error={errors.email?.message} {...form.register('email')} /> : null}
      {locked.dateOfBirth ? (
        <Input label="Date of Birth" readOnly value={formatDate(`${dateOfBirth}T12:00:00`)} />
      ) : (
        <Controller
          control={form.control}
          name="dateOfBirth"
          render={({ field, fieldState }) => (
            <DateOfBirthPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="gender"
        render={({ field, fieldState }) => (
          <Select
            label="Gender"
            placeholder="Select gender"
            options={genders.map((gender) => ({ value: gender, label: genderLabels[gender] }))}
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.value)}
          />
        )}
      />
      <Input label="Address" autoComplete="address-line1" error={errors.addressLine_1?.message} {...form.register('addressLine_1')} />
      <Input
        label="Address Line 2"
        autoComplete="address-line2"
        error={errors.addressLine_2?.message}
        {...form.register('addressLine_2')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Controller
          control={form.control}
          name="state"
          render={({ field, fieldState }) => (
            <Select
              label="State"
              placeholder="Select state"
              options={(states.data ?? []).map((state) => ({ value: String(state.state_id), label: state.name }))}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                form.setValue('city', '');
              }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="city"
          render={({ field, fieldState }) => (
            <Select
              label="City"
              placeholder={stateId ? 'Select city' : 'Select a state first'}
              disabled={!stateId || cities.isPending}
              options={(cities.data ?? []).map((city) => ({ value: city.name, label: city.name }))}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value)}
            />
          )}
        />
        <Input
          label="Zip Code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
      </div>
    </>
  );
}
