import { DEFAULT_MIN_REDEEMABLE_COINS, redeemFormSchema } from '@casino/contracts/redeem';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { AmountInput } from './amount-input';

export interface EwalletValues {
  actionableEmail: string;
  amount: number;
}

/**
 * The redeem form variant (seed 001 sections 2 and 5): e-mail, amount (the minimum by default,
 * or the seed's 51) and the terms checkbox, with the seed's messages from the contracts schema.
 */
export function EwalletForm({
  min,
  max,
  email,
  busy,
  onSubmit,
}: {
  min: number;
  max: number;
  email: string;
  busy: boolean;
  onSubmit: (values: EwalletValues) => void;
}) {
  const schema = redeemFormSchema(max);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { actionableEmail: email, amount: String(min || DEFAULT_MIN_REDEEMABLE_COINS), checkbox: false as unknown as true },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => onSubmit({ actionableEmail: values.actionableEmail, amount: Number(values.amount) }))}
    >
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.actionableEmail?.message}
        {...form.register('actionableEmail')}
      />
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <AmountInput
            label="Amount (SC)"
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
            error={errors.amount?.message}
          />
        )}
      />
      <Checkbox
        label="I confirm the e-mail belongs to my e-wallet and accept the redemption terms."
        error={errors.checkbox?.message}
        {...form.register('checkbox')}
      />
      <Button type="submit" size="lg" loading={busy}>
        Redeem
      </Button>
    </form>
  );
}
