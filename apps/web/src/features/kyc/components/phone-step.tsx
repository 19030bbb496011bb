import { PHONE_MESSAGES, phoneFormSchema, type PhoneForm } from '@casino/contracts/kyc';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { controlBorder, Field } from '../../../components/ui/field';
import { ApiError, errorMessage, isSessionHandled } from '../../../lib/http';
import { cn } from '../../../lib/cn';
import { useSendPhoneOtp } from '../api';

/** Step 1 of seed 001 section 4 'Phone verification': enter the phone (+1), Get OTP. */
export function PhoneStep({ initialPhone, onSent }: { initialPhone: string; onSent: (phone: string, resendAfterSeconds: number) => void }) {
  const send = useSendPhoneOtp();
  const form = useForm<PhoneForm>({ resolver: zodResolver(phoneFormSchema), mode: 'onTouched', defaultValues: { phone: initialPhone } });
  const error = form.formState.errors.phone?.message;

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    try {
      const answer = await send.mutateAsync(phone);
      toast.success(answer.message ?? PHONE_MESSAGES.otpSent);
      onSent(phone, answer.data.resendAfterSeconds);
    } catch (failure) {
      if (isSessionHandled(failure)) return;
      // A code already went out to this number a moment ago: enter that one.
      if (failure instanceof ApiError && failure.code === errorCodes.PhoneOtpResendTooSoon.code) {
        const details = failure.errors[0]?.details as { retryAfterSeconds?: number } | undefined;
        onSent(phone, details?.retryAfterSeconds ?? 0);
      }
      toast.error(errorMessage(failure));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h3 className="font-display text-lg font-bold">Verify your phone number</h3>
        <p className="mt-1 text-sm text-ink-muted">We will text a 6-digit code to this number. Identity verification follows.</p>
      </div>
      <Field id="kyc-phone" label="Phone number" error={error}>
        <div
          className={cn('flex h-11 overflow-hidden rounded-xl border bg-night-900/80 focus-within:border-gold-400', controlBorder(error))}
        >
          <span className="flex items-center border-r border-night-600 px-3 text-sm font-semibold text-ink-muted">+1</span>
          <input
            id="kyc-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="201-555-0123"
            maxLength={12}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'kyc-phone-error' : undefined}
            className="min-w-0 flex-1 bg-transparent px-3 text-sm text-ink outline-none placeholder:text-ink-faint"
            {...form.register('phone')}
          />
        </div>
      </Field>
      <Button type="submit" loading={send.isPending} className="self-start">
        Get OTP
      </Button>
    </form>
  );
}
