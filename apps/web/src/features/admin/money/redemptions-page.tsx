import { adminAccess, holdsRole, redemptionStatusLabels } from '@casino/contracts/admin';
import { redemptionFlagLabels, redemptionQueueFilters, REJECTED_BY_OPERATOR, type RedemptionQueueRow } from '@casino/contracts/admin-money';
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
import { StatusFilters } from '../status-filters';
import { MONEY_PAGE_SIZE, useRedemptionDecision, useRedemptionQueue, type RedemptionFilter } from './money-api';

/**
 * The redemption queue: redemptions by status, oldest first while waiting for
 * review, with their AML flags; approve (sent to the payout provider now) or reject with a refund.
 */
const filterLabels: Record<RedemptionFilter, string> = {
  pending: 'Waiting for review',
  inProcess: 'In process',
  success: 'Paid',
  failed: 'Failed or rejected',
  cancelled: 'Cancelled',
  all: 'All',
};

interface Decision {
  row: RedemptionQueueRow;
  decision: 'approve' | 'reject';
}

function statusTag(row: RedemptionQueueRow) {
  const label = redemptionStatusLabels[row.status] ?? String(row.status);
  if (row.status === 3) return <Tag tone="danger">{row.failureReason === REJECTED_BY_OPERATOR ? 'rejected' : label}</Tag>;
  if (row.status === 1) return <Tag tone="ok">{label}</Tag>;
  if (row.status === 0) return <Tag tone="warning">{label}</Tag>;
  return <Tag>{label}</Tag>;
}

export default function RedemptionsPage() {
  const [params, setParams] = useSearchParams();
  const status = (redemptionQueueFilters as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as RedemptionFilter)
    : 'pending';
  const page = Number(params.get('page') ?? '1') || 1;
  const queue = useRedemptionQueue(status, page);
  const decide = useRedemptionDecision();
  const roles = useOperator().data?.roles ?? [];
  const mayDecide = holdsRole(roles, adminAccess.redemptionDecide);
  const [pending, setPending] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = (row: RedemptionQueueRow, decision: Decision['decision']) => {
    setDone(null);
    setPending({ row, decision });
  };

  const columns: AdminColumn<RedemptionQueueRow>[] = [
    { key: 'id', header: 'ID', cell: (row) => row.redemptionId, align: 'right' },
    {
      key: 'player',
      header: 'Player',
      cell: (row) => (
        <Link to={`/admin/players/${row.userId}`} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
          {row.username ?? `#${row.userId}`}
        </Link>
      ),
    },
    { key: 'amount', header: 'SC', cell: (row) => formatAmount(row.amount), align: 'right' },
    { key: 'status', header: 'Status', cell: statusTag },
    { key: 'destination', header: 'To', cell: (row) => <span className="whitespace-nowrap">{row.destination}</span> },
    { key: 'kyc', header: 'KYC', cell: (row) => row.kycStatus ?? '—' },
    {
      key: 'flags',
      header: 'AML flags',
      cell: (row) =>
        row.flags.length === 0 ? (
          <span className="text-ink-faint">none</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {row.flags.map((flag) => (
              <li key={flag.reason}>
                <Tag tone="danger">{redemptionFlagLabels[flag.reason] ?? flag.reason}</Tag>{' '}
                <span className="text-ink-faint">
                  day: {formatAmount(flag.dayTotal)} SC in {flag.dayCount}
                </span>
              </li>
            ))}
          </ul>
        ),
    },
    { key: 'requested', header: 'Requested (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
    {
      key: 'settled',
      header: 'Settled (UTC)',
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatUtc(row.settledAt)}
          {row.failureReason ? <span className="block text-ink-faint">{row.failureReason}</span> : null}
        </span>
      ),
    },
    ...(mayDecide
      ? [
          {
            key: 'actions',
            header: 'Decision',
            cell: (row: RedemptionQueueRow) =>
              row.status === 0 ? (
                <span className="flex gap-1">
                  <Button size="sm" className="h-7" onClick={() => open(row, 'approve')}>
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" className="h-7" onClick={() => open(row, 'reject')}>
                    Reject
                  </Button>
                </span>
              ) : (
                <span className="text-ink-faint">—</span>
              ),
          },
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Redemptions</h1>
      <StatusFilters
        statuses={redemptionQueueFilters}
        labels={filterLabels}
        current={status}
        onChange={(filter) => {
          setDone(null);
          setParams({ status: filter });
        }}
      />
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption={`Redemptions: ${filterLabels[status]}`}
        columns={columns}
        rows={queue.data?.rows}
        rowKey={(row) => row.redemptionId}
        loading={queue.isFetching}
        error={queue.isError ? adminErrorText(queue.error) : null}
        emptyText={status === 'pending' ? 'No redemption is waiting for review.' : 'No redemption here.'}
        minWidth={980}
        footer={
          queue.data ? (
            <Pager
              page={page}
              limit={MONEY_PAGE_SIZE}
              count={queue.data.count}
              onPage={(next) => setParams({ status, page: String(next) })}
            />
          ) : null
        }
      />
      {pending ? (
        <ReasonDialog
          open
          title={
            pending.decision === 'approve'
              ? `Approve redemption #${pending.row.redemptionId}`
              : `Reject redemption #${pending.row.redemptionId}`
          }
          description={
            pending.decision === 'approve'
              ? `${formatAmount(pending.row.amount)} SC to ${pending.row.destination} is sent to the payout provider now.`
              : `${formatAmount(pending.row.amount)} SC go back to ${pending.row.username ?? 'the player'}’s redeemable balance; they see the redemption as failed.`
          }
          confirmLabel={pending.decision === 'approve' ? 'Approve' : 'Reject and refund'}
          danger={pending.decision === 'reject'}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await decide.mutateAsync({ redemptionId: pending.row.redemptionId, decision: pending.decision, reason });
            setDone(result.message ?? 'Done.');
          }}
        />
      ) : null}
    </div>
  );
}
