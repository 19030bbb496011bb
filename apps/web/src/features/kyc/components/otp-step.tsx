import { OTP_LENGTH, PHONE_MESSAGES, formatUsPhone, nationalDigits, otpFormSchema, type OtpForm } from '@casino/contracts/kyc';
import { zodResolver } from '@hookform/resolvers/zod';
import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorMessage, isSessionHandled } from '../../../lib/http';
import { useSendPhoneOtp, useVerifyPhoneOtp } from '../api';

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div
      className={cn(
        'relative flex h-12 w-11 items-center justify-center rounded-xl border bg-night-900/80 font-display text-xl font-bold transition sm:h-14 sm:w-12',
        isActive ? 'border-gold-400 ring-2 ring-gold-400/25' : 'border-night-600',
      )}
    >
      {char}
      {hasFakeCaret ? <span className="absolute h-6 w-px animate-pulse bg-gold-300" aria-hidden="true" /> : null}
    </div>
  );
}

/** Seconds left before a new code may be asked for, counting down once a second. */
function useCountdown(initial: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initial * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return { left: Math.max(0, Math.ceil((deadline - now) / 1000)), restart: (seconds: number) => setDeadline(Date.now() + seconds * 1000) };
}

/**
 * Step 2 of seed 001 section 4 'Phone verification': the 6-digit code in single-character boxes
 * that auto-advance and go back on Backspace (input-otp), 'Please enter a 6-digit OTP'.
 */
export function OtpStep({
  phone,
  resendAfterSeconds,
  onChangeNumber,
}: {
  phone: string;
  resendAfterSeconds: number;
  onChangeNumber: () => void;
}) {
  const verify = useVerifyPhoneOtp();
  const resend = useSendPhoneOtp();
  const countdown = useCountdown(resendAfterSeconds);
  const form = useForm<OtpForm>({ resolver: zodResolver(otpFormSchema), defaultValues: { otp: '' } });
  const error = form.formState.errors.otp?.message;

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    try {
      const answer = await verify.mutateAsync({ phone, otp });
      toast.success(answer.message ?? PHONE_MESSAGES.otpVerified);
    } catch (failure) {
      if (isSessionHandled(failure)) return;
      form.setValue('otp', '');
      toast.error(errorMessage(failure));
    }
  });

  const onResend = async () => {
    try {
      const answer = await resend.mutateAsync(phone);
      toast.success(answer.message ?? PHONE_MESSAGES.otpSent);
      form.reset({ otp: '' });
      countdown.restart(answer.data.resendAfterSeconds);
    } catch (failure) {
      if (!isSessionHandled(failure)) toast.error(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <h3 className="font-display text-lg font-bold">Enter the code</h3>
        <p className="mt-1 text-sm text-ink-muted">
          We sent a 6-digit code to <strong className="text-ink">+1 {formatUsPhone(nationalDigits(phone))}</strong>.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="kyc-otp" className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          One-time code
        </label>
        <Controller
          control={form.control}
          name="otp"
          render={({ field }) => (
            <OTPInput
              id="kyc-otp"
              maxLength={OTP_LENGTH}
              pattern={REGEXP_ONLY_DIGITS}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'kyc-otp-error' : undefined}
              containerClassName="flex items-center gap-2"
              render={({ slots }) => (
                <>
                  {slots.map((slot, index) => (
                    <Slot key={index} {...slot} />
                  ))}
                </>
              )}
            />
          )}
        />
        {error ? (
          <p id="kyc-otp-error" role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={verify.isPending}>
          Verify OTP
        </Button>
        <Button variant="outline" onClick={() => void onResend()} disabled={countdown.left > 0} loading={resend.isPending}>
          {countdown.left > 0 ? `Resend in ${countdown.left}s` : 'Resend OTP'}
        </Button>
        <button
          type="button"
          onClick={onChangeNumber}
          className="cursor-pointer text-sm font-semibold text-gold-300 underline-offset-2 hover:underline"
        >
          Change number
        </button>
      </div>
    </form>
  );
}
