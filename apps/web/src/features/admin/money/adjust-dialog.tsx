import {
  adjustmentAccountLabels,
  adjustmentAccounts,
  balanceAdjustmentRequestSchema,
  type AdjustmentAccount,
} from '@casino/contracts/admin-money';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatAmount } from '../../../lib/format';
import { AdminApiError, adminErrorText } from '../admin-http';
import { ErrorNotice } from '../notices';
import { useBalanceAdjustment } from './money-api';

/**
 * The manual coin adjustment: account, signed amount, reason. The dialog makes
 * one idempotency key when it opens, so a double submit or a retry after a lost answer adjusts
 * once; the server's answer (or refusal) is shown in words.
 */
const inputClass = 'h-9 w-full rounded-md border border-night-600 bg-night-900 px-2.5 text-sm text-ink outline-none focus:border-gold-400';
type Fields = 'account' | 'amount' | 'reason';

export function AdjustBalanceDialog({
  userId,
  onClose,
  onDone,
}: {
  userId: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [account, setAccount] = useState<AdjustmentAccount>('GC');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields | 'root', string>>>({});
  const adjust = useBalanceAdjustment(userId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = balanceAdjustmentRequestSchema.safeParse({
      account,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      reason,
      idempotencyKey,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const result = await adjust.mutateAsync(parsed.data);
      const key = account === 'GC' ? 'gc' : account === 'SC_BONUS' ? 'bsc' : account === 'SC_UNPLAYED' ? 'psc' : 'wsc';
      onDone(
        `${result.message ?? 'Balance adjusted.'} ${adjustmentAccountLabels[account]}: ${formatAmount(result.data.before[key])} → ${formatAmount(result.data.after[key])}.`,
      );
      onClose();
    } catch (error) {
      const fields = error instanceof AdminApiError ? error.fieldMessages : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setErrors({ root: adminErrorText(error) });
    }
  };

  const field = (name: Fields) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  const message = (name: Fields) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} role="alert" className="text-xs font-medium text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Dialog open title="Adjust balance" onClose={onClose} size="sm">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-ink-muted">
          A positive amount credits the account, a negative one debits it (never below zero). The coins come from or go to the house’s
          adjustments account, and the change is in the audit trail.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-account`} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Account
            </label>
            <select
              id={`${id}-account`}
              className={inputClass}
              value={account}
              onChange={(event) => setAccount(event.target.value as AdjustmentAccount)}
              {...field('account')}
            >
              {adjustmentAccounts.map((value) => (
                <option key={value} value={value}>
                  {adjustmentAccountLabels[value]}
                </option>
              ))}
            </select>
            {message('account')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-amount`} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Amount (coins, signed)
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              className={inputClass}
              placeholder="e.g. 25 or -10.50"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              {...field('amount')}
            />
            {message('amount')}
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Reason (kept in the audit trail)
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            className="w-full rounded-md border border-night-600 bg-night-900 px-2.5 py-2 text-sm text-ink outline-none focus:border-gold-400"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...field('reason')}
          />
          {message('reason')}
        </div>
        <ErrorNotice>{errors.root}</ErrorNotice>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={adjust.isPending}>
            Adjust
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
