import { errorCodes } from '@casino/contracts/errors';
import {
  selfExclusionPeriodLabels,
  selfExclusionPeriods,
  timeBreakDays,
  type SelfExclusionPeriod,
  type TimeBreakDays,
} from '@casino/contracts/responsible-play';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ApiError, errorMessage, isSessionHandled } from '../../../lib/http';
import { forgetPlayer } from '../../auth';
import { useResponsibleGamblingSetting } from '../api';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type Choice = { kind: 'time_break'; days: TimeBreakDays } | { kind: 'self_exclusion'; period: SelfExclusionPeriod };

function describe(choice: Choice): string {
  return choice.kind === 'time_break'
    ? `a time break of ${choice.days} ${choice.days === 1 ? 'day' : 'days'}`
    : choice.period === 'INDEFINITE'
      ? 'an indefinite self-exclusion'
      : `a self-exclusion of ${selfExclusionPeriodLabels[choice.period]}`;
}

/**
 * The Self Exclusion tab: a time break or a self-exclusion, confirmed with the
 * password. Accepted, it logs the player out on every device; this device forgets the player and
 * returns to the default route (seed 001 section 4 'Responsible gambling').
 */
export function SelfExclusionPanel() {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const setting = useResponsibleGamblingSetting();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = (password: string) => {
    if (!choice) return;
    setPasswordError(undefined);
    const body =
      choice.kind === 'time_break'
        ? { password, timeBreakDays: choice.days }
        : { password, selfExclusion: 'yes' as const, selfExclusionPeriod: choice.period };
    setting.mutate(body, {
      onSuccess: (result) => {
        // The server already ended every session of the player (there is nothing left to log out).
        setConfirming(false);
        toast.success(result.message, { duration: 6000 });
        forgetPlayer(queryClient);
        void navigate('/');
      },
      onError: (error) => {
        if (isSessionHandled(error)) return;
        // A wrong password is typed again in the dialog; any other refusal closes it, so the
        // toast is not left behind the dialog.
        if (error instanceof ApiError && error.hasCode(errorCodes.ConfirmPasswordWrong.code)) {
          setPasswordError(errorMessage(error));
          return;
        }
        setConfirming(false);
        toast.error(errorMessage(error));
      },
    });
  };

  const option = (selected: boolean) =>
    cn(
      'h-11 cursor-pointer rounded-xl border px-3 text-sm font-semibold transition',
      selected ? 'border-gold-400 bg-gold-400/15 text-gold-300' : 'border-night-600 bg-night-900/70 text-ink-muted hover:border-night-400',
    );

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3" aria-labelledby="time-break-title">
        <div>
          <h3 id="time-break-title" className="font-display text-base font-bold text-ink">
            Take a time break
          </h3>
          <p className="text-sm text-ink-muted">A short pause: you are logged out and cannot log in, play or purchase until it ends.</p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" role="radiogroup" aria-label="Time break length">
          {timeBreakDays.map((days) => {
            const selected = choice?.kind === 'time_break' && choice.days === days;
            return (
              <button
                key={days}
                type="button"
                role="radio"
                aria-checked={selected}
                className={option(selected)}
                onClick={() => setChoice({ kind: 'time_break', days })}
              >
                {days} {days === 1 ? 'day' : 'days'}
              </button>
            );
          })}
        </div>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="self-exclusion-title">
        <div>
          <h3 id="self-exclusion-title" className="font-display text-base font-bold text-ink">
            Self-exclude
          </h3>
          <p className="text-sm text-ink-muted">
            A longer break from play. It cannot be shortened or undone. No marketing e-mail is sent to you meanwhile. Redeemable Sweeps
            Coins stay yours: contact support to redeem them while excluded.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup" aria-label="Self-exclusion period">
          {selfExclusionPeriods.map((period) => {
            const selected = choice?.kind === 'self_exclusion' && choice.period === period;
            return (
              <button
                key={period}
                type="button"
                role="radio"
                aria-checked={selected}
                className={option(selected)}
                onClick={() => setChoice({ kind: 'self_exclusion', period })}
              >
                {selfExclusionPeriodLabels[period]}
              </button>
            );
          })}
        </div>
      </section>
      <div className="flex justify-end">
        <Button variant="danger" className="w-full sm:w-auto" disabled={!choice} onClick={() => setConfirming(true)}>
          {choice?.kind === 'self_exclusion' ? 'Self-exclude' : 'Take a break'}
        </Button>
      </div>
      <PasswordConfirmDialog
        open={confirming && choice !== null}
        title="Confirm with your password"
        summary={
          choice ? (
            <>
              You are about to take <span className="font-semibold text-ink">{describe(choice)}</span>. You will be logged out on every
              device at once, and nothing can shorten it.
            </>
          ) : null
        }
        confirmLabel="Confirm"
        danger
        pending={setting.isPending}
        passwordError={passwordError}
        onConfirm={confirm}
        onClose={() => {
          setPasswordError(undefined);
          setConfirming(false);
        }}
      />
    </div>
  );
}
