import { redeemStatus } from '@casino/contracts/redeem';
import { useQuery } from '@tanstack/react-query';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { recentRedemptionsQuery } from '../api';
import { CancelRedeemButton } from '../cancel-redeem-button';

const STATUS_LABELS: Record<number, { label: string; tone: string }> = {
  [redeemStatus.pending]: { label: 'Pending', tone: 'bg-gold-500/15 text-gold-300' },
  [redeemStatus.inProcess]: { label: 'In process', tone: 'bg-neon-violet/15 text-neon-violet' },
  [redeemStatus.success]: { label: 'Success', tone: 'bg-emerald-sc/15 text-emerald-sc' },
  [redeemStatus.cancelled]: { label: 'Cancelled', tone: 'bg-night-600 text-ink-muted' },
  [redeemStatus.failed]: { label: 'Failed', tone: 'bg-danger/15 text-danger' },
};

/**
 * The player's latest redeem requests on the redeem page, each with its status; a pending one
 * (status 0, still in the review window) can be cancelled here as in the Transactions tab.
 */
export function RedeemRequests() {
  const recent = useQuery(recentRedemptionsQuery());
  const rows = recent.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="redeem-requests-title">
      <h2 id="redeem-requests-title" className="font-display text-lg font-extrabold tracking-wide uppercase">
        Your redeem requests
      </h2>
      <ul className="flex flex-col gap-2">
        {rows.map((row) => {
          const status = STATUS_LABELS[row.status] ?? { label: String(row.status), tone: 'bg-night-600 text-ink-muted' };
          return (
            <li
              key={row.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl border border-night-600/70 bg-night-800/80 p-3"
              data-testid="redeem-request"
              data-request-id={row.id}
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-ink">{formatAmount(row.amount)} SC</span>
                <span className="text-xs text-ink-muted">
                  #{row.transactionId} · {formatDateTime(row.updated_at)}
                </span>
              </div>
              <span
                className={cn('rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase', status.tone)}
                data-testid="redeem-status"
              >
                {status.label}
              </span>
              <CancelRedeemButton withdrawRequestId={row.id} status={row.status} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
