import {
  operatorLoginRequestSchema,
  operatorTotpRequestSchema,
  type OperatorLoginRequest,
  type OperatorLoginResponse,
} from '@casino/contracts/admin';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { AdminApiError, adminErrorText } from './admin-http';
import { ErrorNotice } from './notices';
import { useSignIn, useSubmitCode } from './session-api';

/**
 * Operator sign-in: e-mail and password, then the 6-digit code of the
 * operator's authenticator. The first time (or after an admin reset it) the second step shows
 * the new secret as a QR code, as text and as its otpauth URI, and its first code confirms it.
 */
export function SignInPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const [step, setStep] = useState<OperatorLoginResponse | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  return (
    <div className="flex min-h-dvh items-start justify-center bg-night-950 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-xl border border-gold-500/30 bg-night-900 p-5 shadow-glow">
        <div className="mb-4 flex items-center gap-2">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded bg-gold-500 text-xs font-black text-night-950">
            LC
          </span>
          <div>
            <h1 className="font-display text-lg font-bold text-ink">Lucky Crown back office</h1>
            <p className="text-xs text-ink-muted">For operators only. Every sign-in is recorded.</p>
          </div>
        </div>
        {step === null ? (
          <PasswordStep
            notice={restartNotice ?? notice}
            onNext={(next) => {
              setRestartNotice(null);
              setStep(next);
            }}
          />
        ) : (
          <CodeStep
            step={step}
            onRestart={(message) => {
              setRestartNotice(message);
              setStep(null);
            }}
            onSignedIn={onSignedIn}
          />
        )}
      </div>
    </div>
  );
}

function PasswordStep({ notice, onNext }: { notice: string | null; onNext: (step: OperatorLoginResponse) => void }) {
  const signIn = useSignIn();
  const form = useForm<OperatorLoginRequest>({
    resolver: zodResolver(operatorLoginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      onNext(await signIn.mutateAsync(values));
    } catch (error) {
      form.setError('root', { message: adminErrorText(error) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <ErrorNotice>{notice}</ErrorNotice>
      <Input label="E-mail" type="email" autoComplete="username" error={errors.email?.message} {...form.register('email')} />
      <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <ErrorNotice>{errors.root?.message}</ErrorNotice>
      <Button type="submit" loading={isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

function CodeStep({
  step,
  onRestart,
  onSignedIn,
}: {
  step: OperatorLoginResponse;
  onRestart: (message: string) => void;
  onSignedIn: () => void;
}) {
  const submitCode = useSubmitCode();
  const form = useForm<{ code: string }>({ resolver: zodResolver(operatorTotpRequestSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await submitCode.mutateAsync(code);
      onSignedIn();
    } catch (error) {
      // The challenge is over (too slow, too many wrong codes): back to the password, saying why.
      if (error instanceof AdminApiError && error.code === errorCodes.OperatorLoginExpired.code) {
        onRestart(error.message);
        return;
      }
      form.setError('code', { message: adminErrorText(error) });
      form.setValue('code', '');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      {step.step === 'enrol' ? (
        <div className="flex flex-col gap-3">
          <h2 className="font-bold text-ink">Set up two-factor sign-in</h2>
          <p className="text-sm text-ink-muted">
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), then enter the
            6-digit code it shows. You will need a new code at every sign-in.
          </p>
          <img
            src={step.qrDataUrl}
            alt="QR code of your authenticator secret"
            width={184}
            height={184}
            className="self-center rounded-lg bg-white p-1"
          />
          <div className="rounded-md border border-night-600 bg-night-850 p-2.5 text-xs">
            <p className="text-ink-muted">Cannot scan? Type this secret into the app (time-based, 6 digits, 30 seconds):</p>
            <p className="mt-1 font-mono text-sm tracking-wider break-all text-gold-300" data-testid="totp-secret">
              {step.secret}
            </p>
            <details className="mt-1.5">
              <summary className="cursor-pointer text-ink-faint">Show the otpauth URI</summary>
              <p className="mt-1 font-mono break-all text-ink-muted">{step.otpauthUri}</p>
            </details>
          </div>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">Enter the 6-digit code your authenticator app shows for Lucky Crown.</p>
      )}
      <Input
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" loading={isSubmitting}>
        {step.step === 'enrol' ? 'Confirm and sign in' : 'Sign in'}
      </Button>
      <button
        type="button"
        className="cursor-pointer self-start text-xs text-ink-faint underline hover:text-ink"
        onClick={() => onRestart('')}
      >
        Start again with my password
      </button>
    </form>
  );
}
