import type { FundingSource } from '@casino/contracts/redeem';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/http';
import { cn } from '../../../lib/cn';
import { useSetActiveBank } from '../api';

function BankIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6 text-gold-300" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
    </svg>
  );
}

/** The player's linked bank accounts with the Active one marked; another can be made Active. */
export function BankAccounts({ sources, userId }: { sources: FundingSource[]; userId: number }) {
  const setActive = useSetActiveBank();
  if (sources.length === 0) {
    return <p className="rounded-2xl border border-dashed border-night-600 p-4 text-sm text-ink-muted">No bank account linked yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Bank accounts">
      {sources.map((source) => (
        <li
          key={source.source_id}
          className={cn(
            'flex items-center gap-3 rounded-2xl border p-3 sm:p-4',
            source.is_primary ? 'border-gold-400/70 bg-gold-500/10' : 'border-night-600/70 bg-night-800/80',
          )}
          data-testid="bank-account"
        >
          <BankIcon />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-semibold text-ink">{source.bank}</span>
            <span className="text-sm text-ink-muted">Account ending {source.lbacc}</span>
          </div>
          {source.is_primary ? (
            <span className="rounded-full bg-emerald-sc/15 px-3 py-1 text-xs font-bold tracking-wide text-emerald-sc uppercase">
              Active
            </span>
          ) : (
            <button
              type="button"
              className="cursor-pointer rounded-full border border-night-500 px-3 py-1 text-xs font-bold tracking-wide text-ink-muted uppercase hover:border-gold-400 hover:text-gold-300 disabled:opacity-50"
              disabled={setActive.isPending}
              onClick={() =>
                setActive.mutate({ userId, sourceId: source.source_id }, { onError: (error) => toast.error(errorMessage(error)) })
              }
            >
              Make active
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
