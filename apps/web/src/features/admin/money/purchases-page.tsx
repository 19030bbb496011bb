import { adminAccess, holdsRole, purchaseStatusLabels } from '@casino/contracts/admin';
import type { PurchaseQueueRow, PurchaseReversalKind } from '@casino/contracts/admin-money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatAmount } from '../../../lib/format';
import { adminErrorText } from '../admin-http';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { SuccessNotice, Tag } from '../notices';
import { ReasonDialog } from '../reason-dialog';
import { useOperator } from '../session-api';
import { MONEY_PAGE_SIZE, usePurchaseReversal, usePurchases } from './money-api';

/**
 * Purchases: payment intents newest first, with the processor's webhook events
 * applied to each, the ledger transfer that credited it and the payment alerts recorded for it. A
 * paid one the processor refunded, or the card's bank charged back, is recorded as such by the
 * payments role (docs/decisions/056): its coins and the referral reward it earned are taken back.
 */
const statusFilters = [
  ['', 'All'],
  ['1', 'Success'],
  ['0', 'Pending'],
  ['7', 'In process'],
  ['3', 'Failed'],
  ['6', 'Declined'],
  ['10', 'Refunded or charged back'],
] as const;

const reversalLabels: Record<PurchaseReversalKind, string> = { refund: 'refunded', chargeback: 'charged back' };

const baseColumns: AdminColumn<PurchaseQueueRow>[] = [
  { key: 'id', header: 'ID', cell: (row) => row.purchaseId, align: 'right' },
  {
    key: 'player',
    header: 'Player',
    cell: (row) => (
      <Link to={`/admin/players/${row.userId}`} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
        {row.username ?? `#${row.userId}`}
      </Link>
    ),
  },
  { key: 'amount', header: 'USD', cell: (row) => formatAmount(row.amount), align: 'right' },
  { key: 'coins', header: 'GC / SC', cell: (row) => `${formatAmount(row.gc)} / ${formatAmount(row.sc)}`, align: 'right' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-col gap-0.5">
        <Tag tone={row.status === 1 ? 'ok' : row.status === 3 || row.status === 6 || row.status === 10 ? 'danger' : 'neutral'}>
          {row.reversalKind ? reversalLabels[row.reversalKind] : (purchaseStatusLabels[row.status] ?? String(row.status))}
        </Tag>
        {row.failureMessage ? <span className="text-ink-faint">{row.failureMessage}</span> : null}
      </span>
    ),
  },
  { key: 'method', header: 'Method', cell: (row) => `${row.paymentMethod} · ${row.provider}` },
  {
    key: 'ref',
    header: 'Reference / processor transfer',
    cell: (row) => (
      <span className="font-mono text-[11px] break-all">
        {row.merchantRefNum}
        <span className="block text-ink-faint">{row.processorTransferId ?? 'no processor transfer'}</span>
      </span>
    ),
  },
  {
    key: 'credit',
    header: 'Ledger credit',
    cell: (row) => (row.creditedTransferId ? `transfer #${row.creditedTransferId}` : <span className="text-ink-faint">none</span>),
  },
  {
    key: 'events',
    header: 'Processor events',
    cell: (row) =>
      row.events.length === 0 && row.alerts.length === 0 ? (
        <span className="text-ink-faint">none</span>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {row.events.map((event) => (
            <li key={event.eventId} className="whitespace-nowrap">
              {event.transferState} <span className="text-ink-faint">{formatUtc(event.receivedAt)}</span>
            </li>
          ))}
          {row.alerts.map((alert) => (
            <li key={`${alert.kind}-${alert.createdAt}`}>
              <Tag tone="danger">{alert.kind}</Tag>
            </li>
          ))}
        </ul>
      ),
  },
  { key: 'created', header: 'Created (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
];

const inputClass = 'h-8 rounded-md border border-night-600 bg-night-900 px-2 text-xs text-ink outline-none focus:border-gold-400';

export default function PurchasesPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const userId = params.get('userId') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const validUser = /^\d{1,15}$/.test(userId) ? Number(userId) : undefined;
  const purchases = usePurchases({ status: status === '' ? undefined : Number(status), userId: validUser }, page);
  const set = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries({ status, userId, ...next }).filter(([, value]) => value !== '')));
  const mayReverse = holdsRole(useOperator().data?.roles ?? [], adminAccess.purchaseReverse);
  const reverse = usePurchaseReversal();
  const [pending, setPending] = useState<{ row: PurchaseQueueRow; kind: PurchaseReversalKind } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const columns: AdminColumn<PurchaseQueueRow>[] = mayReverse
    ? [
        ...baseColumns,
        {
          key: 'reverse',
          header: 'Refund / chargeback',
          cell: (row) =>
            row.status === 1 ? (
              <span className="flex gap-1">
                {(['refund', 'chargeback'] as const).map((kind) => (
                  <Button
                    key={kind}
                    size="sm"
                    variant="outline"
                    className="h-7"
                    aria-label={`Record purchase ${row.purchaseId} as ${reversalLabels[kind]}`}
                    onClick={() => {
                      setDone(null);
                      setPending({ row, kind });
                    }}
                  >
                    {kind === 'refund' ? 'Refunded' : 'Charged back'}
                  </Button>
                ))}
              </span>
            ) : (
              <span className="text-ink-faint">—</span>
            ),
        },
      ]
    : baseColumns;

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Purchases</h1>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="purchase-status" className="text-[11px] font-semibold tracking-wide text-ink-muted uppercase">
            Status
          </label>
          <select id="purchase-status" className={inputClass} value={status} onChange={(event) => set({ status: event.target.value })}>
            {statusFilters.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="purchase-player" className="text-[11px] font-semibold tracking-wide text-ink-muted uppercase">
            Player ID
          </label>
          <input
            id="purchase-player"
            inputMode="numeric"
            className={inputClass}
            defaultValue={userId}
            onBlur={(event) => set({ userId: event.target.value.trim() })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ userId: event.currentTarget.value.trim() });
            }}
          />
        </div>
        {userId !== '' && validUser === undefined ? (
          <p role="alert" className="text-xs text-danger">
            A player ID is a number.
          </p>
        ) : null}
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption="Purchases"
        columns={columns}
        rows={purchases.data?.rows}
        rowKey={(row) => row.purchaseId}
        loading={purchases.isFetching}
        error={purchases.isError ? adminErrorText(purchases.error) : null}
        emptyText="No purchase matches."
        minWidth={1100}
        footer={
          purchases.data ? (
            <Pager page={page} limit={MONEY_PAGE_SIZE} count={purchases.data.count} onPage={(next) => set({ page: String(next) })} />
          ) : null
        }
      />
      <p className="text-xs text-ink-faint">
        Processor events are the webhook deliveries that were verified and applied. A delivery that fails is answered with an error and not
        stored, so there is no list of failed webhooks to replay; the payments job asks the processor about purchases still open.
      </p>
      {pending ? (
        <ReasonDialog
          open
          title={`Record purchase #${pending.row.purchaseId} as ${reversalLabels[pending.kind]}`}
          description={`The coins this purchase credited are taken back from ${pending.row.username ?? 'the player'} (what they played already stays played), and so is the referral reward it earned its referrer.`}
          confirmLabel={pending.kind === 'refund' ? 'Record the refund' : 'Record the chargeback'}
          danger
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await reverse.mutateAsync({ purchaseId: pending.row.purchaseId, kind: pending.kind, reason });
            setDone(`Purchase #${pending.row.purchaseId}: ${result.message ?? 'recorded.'}`);
          }}
        />
      ) : null}
    </div>
  );
}
