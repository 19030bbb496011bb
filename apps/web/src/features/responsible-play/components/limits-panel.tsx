import {
  limitLabel,
  limitPeriodOf,
  responsiblePlayMessages,
  type GamblingHistoryResponse,
  type LimitKind,
  type LimitState,
} from '@casino/contracts/responsible-play';
import { errorCodes } from '@casino/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage, isSessionHandled } from '../../../lib/http';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useRemoveResponsibleSetting, useResponsibleGamblingSetting } from '../api';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type Values = Record<string, string>;

/**
 * A typed limit: empty leaves it as it is; otherwise a number above 0 (seed 001 section 5
 * 'Limits'): '0', a negative value or an exponent gives 'Please enter valid value for {limit}'.
 */
function limitField(kind: LimitKind) {
  return z
    .string()
    .trim()
    .superRefine((text, context) => {
      if (text === '') return;
      if (/e/i.test(text) || /^-/.test(text) || Number(text) === 0) {
        context.addIssue({ code: 'custom', message: responsiblePlayMessages.enterValidValue(kind) });
        return;
      }
      const value = Number(text);
      if (!Number.isFinite(value) || value <= 0 || !/^\d+(\.\d{1,2})?$/.test(text)) {
        context.addIssue({ code: 'custom', message: responsiblePlayMessages.limitInvalid(kind) });
      }
    });
}

const periodTitles = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

function spentOf(kind: LimitKind, history: GamblingHistoryResponse): number {
  const period = limitPeriodOf(kind);
  if (kind.endsWith('DepositLimit')) {
    const totals = history.totalDepositLimits;
    return period === 'daily'
      ? totals.totalDepositAmountToday
      : period === 'weekly'
        ? totals.totalDepositAmountWeekly
        : totals.totalDepositAmountMonthly;
  }
  const totals = history.totalBetLimits;
  return period === 'daily' ? totals.totalBetAmountToday : period === 'weekly' ? totals.totalBetAmountWeekly : totals.totalBetAmountMonthly;
}

/**
 * The Purchase limit and Risk limit tabs: the three limits of one kind, what
 * was spent against each, a waiting raise or removal, and the form that sets them.
 */
export function LimitsPanel({
  kinds,
  unit,
  history,
}: {
  kinds: readonly [LimitKind, LimitKind, LimitKind];
  /** '$' for purchases, 'SC' for bets. */
  unit: '$' | 'SC';
  history: GamblingHistoryResponse;
}) {
  const money = (value: number) => (unit === '$' ? `$${formatAmount(value)}` : `SC ${formatAmount(value)}`);
  const schema = z.object(Object.fromEntries(kinds.map((kind) => [kind, limitField(kind)])));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(kinds.map((kind) => [kind, ''])),
  });
  const [confirming, setConfirming] = useState<{ kind: 'set'; values: Values } | { kind: 'remove'; limit: LimitKind } | null>(null);
  const [passwordError, setPasswordError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const save = useResponsibleGamblingSetting();
  const remove = useRemoveResponsibleSetting();

  const onSubmit = form.handleSubmit((values) => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    if (Object.keys(filled).length === 0) {
      for (const kind of kinds) form.setError(kind, { message: responsiblePlayMessages.enterValidValue(kind) });
      return;
    }
    setConfirming({ kind: 'set', values: filled });
  });

  const confirm = (password: string) => {
    if (!confirming) return;
    setPasswordError(undefined);
    setRefusal(undefined);
    // A wrong password stays in the dialog to be typed again; a refused change closes it and the
    // reason stays on the form, where the player sees it (a toast would sit behind the dialog).
    const fail = (error: unknown) => {
      if (isSessionHandled(error)) return;
      if (error instanceof ApiError && error.hasCode(errorCodes.ConfirmPasswordWrong.code)) {
        setPasswordError(errorMessage(error));
        return;
      }
      setConfirming(null);
      setRefusal(errorMessage(error));
    };
    if (confirming.kind === 'set') {
      const body = { password, ...Object.fromEntries(Object.entries(confirming.values).map(([key, value]) => [key, Number(value)])) };
      save.mutate(body, {
        onSuccess: (result) => {
          toast.success(result.message);
          form.reset();
          setConfirming(null);
        },
        onError: fail,
      });
    } else {
      remove.mutate(
        { limitType: confirming.limit, password },
        {
          onSuccess: (result) => {
            toast.success(result.message);
            setConfirming(null);
          },
          onError: fail,
        },
      );
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-xl border border-gold-400/30 bg-gold-400/5 px-4 py-3 text-sm text-ink-muted">
        Lowering a limit applies at once. Raising or removing a limit applies only after 24 hours. Days, weeks (from Monday) and months are
        counted in UTC.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
        aria-label={`${unit === '$' ? 'Purchase' : 'Risk'} limits`}
      >
        <div className="grid gap-4 md:grid-cols-3">
          {kinds.map((kind) => (
            <LimitCard
              key={kind}
              kind={kind}
              title={periodTitles[limitPeriodOf(kind)]}
              state={history.responsibleGambling[kind]}
              spent={money(spentOf(kind, history))}
              money={money}
              onRemove={() => setConfirming({ kind: 'remove', limit: kind })}
            >
              <Input
                label={`New ${limitLabel(kind)} (${unit})`}
                inputMode="decimal"
                placeholder="Enter amount"
                error={form.formState.errors[kind]?.message}
                {...form.register(kind)}
              />
            </LimitCard>
          ))}
        </div>
        {refusal ? (
          <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
            {refusal}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" className="w-full sm:w-auto">
            Save limits
          </Button>
        </div>
      </form>
      <PasswordConfirmDialog
        open={confirming !== null}
        title="Confirm with your password"
        summary={
          confirming?.kind === 'remove'
            ? `Your ${limitLabel(confirming.limit)} will be removed 24 hours from now.`
            : 'Lower limits apply at once; higher ones after 24 hours.'
        }
        confirmLabel="Confirm"
        pending={save.isPending || remove.isPending}
        passwordError={passwordError}
        onConfirm={confirm}
        onClose={() => {
          setPasswordError(undefined);
          setConfirming(null);
        }}
      />
    </div>
  );
}

function LimitCard({
  kind,
  title,
  state,
  spent,
  money,
  onRemove,
  children,
}: {
  kind: LimitKind;
  title: string;
  state: LimitState | null;
  spent: string;
  money: (value: number) => string;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const period = limitPeriodOf(kind);
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-night-600/70 bg-night-900/60 p-4" aria-label={limitLabel(kind)}>
      <header className="flex items-baseline justify-between gap-2">
        <h3 className="font-display text-base font-bold text-ink">{title}</h3>
        <span className="text-xs text-ink-faint">
          Spent {period === 'daily' ? 'today' : period === 'weekly' ? 'this week' : 'this month'}:{' '}
          <span className="font-semibold text-ink">{spent}</span>
        </span>
      </header>
      <div className="text-sm">
        {state ? (
          <>
            <p className="text-ink">
              Current limit: <span className="font-semibold text-gold-300">{money(state.amount)}</span>
            </p>
            <p className="text-xs text-ink-faint">Since {formatDateTime(state.createdAt)}</p>
            {state.pendingAt ? (
              <p className="mt-1 text-xs text-neon-violet">
                {state.pendingAmount === null
                  ? `Removed on ${formatDateTime(state.pendingAt)}`
                  : `Changes to ${money(state.pendingAmount)} on ${formatDateTime(state.pendingAt)}`}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-ink-muted">No limit set</p>
        )}
      </div>
      {children}
      {state && !state.pendingAt ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={onRemove}>
          Remove limit
        </Button>
      ) : null}
    </section>
  );
}
