import { adminAccess, holdsRole } from '@casino/contracts/admin';
import {
  referralHoldReasonLabels,
  referralRewardFilters,
  type ReferralRewardFilter,
  type ReferralRewardRow,
} from '@casino/contracts/admin-referrals';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatAmount } from '../../../lib/format';
import { adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { SuccessNotice, Tag } from '../notices';
import { ReasonDialog } from '../reason-dialog';
import { useOperator } from '../session-api';
import { StatusFilters } from '../status-filters';
import { useReferralRewardDecision, useReferralRewards } from './referral-rewards-api';

/**
 * Referral rewards (docs/decisions/056): rewards held because the friend looks
 * like the referrer (the reasons say how) or the referrer reached the day's cap, oldest first;
 * approve pays the referrer, reject pays nothing, both with a reason. The other lists show what
 * became of the rest, newest first; a reversed reward shows what was taken back. Pages follow a
 * cursor (the list changes while it is worked), so Previous goes back along the pages seen.
 */
const filterLabels: Record<ReferralRewardFilter, string> = {
  held: 'Held for review',
  paid: 'Paid',
  rejected: 'Rejected',
  reversed: 'Taken back',
};

interface Decision {
  row: ReferralRewardRow;
  decision: 'approve' | 'reject';
}

const coins = (gc: number, sc: number) => `${formatAmount(gc)} GC + ${formatAmount(sc)} SC`;

function PlayerLink({ userId, username }: { userId: number; username: string }) {
  return (
    <Link to={`/admin/players/${userId}`} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
      {username}
    </Link>
  );
}

function outcome(row: ReferralRewardRow) {
  if (row.status === 'reversed') {
    return (
      <span className="flex flex-col gap-0.5">
        <Tag tone="danger">{row.reversalKind === 'chargeback' ? 'charged back' : 'refunded'}</Tag>
        {row.takenBack ? <span>Taken back: {coins(row.takenBack.gc, row.takenBack.sc)}</span> : null}
        {row.notTakenBack && row.notTakenBack.gc + row.notTakenBack.sc > 0 ? (
          <span className="text-danger">Already played: {coins(row.notTakenBack.gc, row.notTakenBack.sc)}</span>
        ) : null}
      </span>
    );
  }
  if (!row.decidedBy) return <span className="text-ink-faint">{row.status === 'paid' ? 'paid on the purchase' : '—'}</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <span>by {row.decidedBy}</span>
      {row.decisionReason ? <span className="break-words text-ink-faint">{row.decisionReason}</span> : null}
    </span>
  );
}

export default function ReferralRewardsPage() {
  const [params, setParams] = useSearchParams();
  const status = (referralRewardFilters as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ReferralRewardFilter)
    : 'held';
  // The cursors of the pages seen, the first page's being none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const list = useReferralRewards(status, cursors.at(-1));
  const decide = useReferralRewardDecision();
  const mayDecide = holdsRole(useOperator().data?.roles ?? [], adminAccess.referralRewardDecide);
  const [pending, setPending] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = (row: ReferralRewardRow, decision: Decision['decision']) => {
    setDone(null);
    setPending({ row, decision });
  };

  const columns: AdminColumn<ReferralRewardRow>[] = [
    { key: 'friend', header: 'Friend', cell: (row) => <PlayerLink userId={row.referredUserId} username={row.referredUsername} /> },
    { key: 'referrer', header: 'Referrer', cell: (row) => <PlayerLink userId={row.referrerUserId} username={row.referrerUsername} /> },
    {
      key: 'reasons',
      header: 'Held because',
      cell: (row) =>
        row.holdReasons.length === 0 ? (
          <span className="text-ink-faint">—</span>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {row.holdReasons.map((reason) => (
              <li key={reason}>
                <Tag tone="warning">{referralHoldReasonLabels[reason]}</Tag>
              </li>
            ))}
          </ul>
        ),
    },
    { key: 'reward', header: 'Reward', cell: (row) => <span className="whitespace-nowrap">{coins(row.gc, row.sc)}</span>, align: 'right' },
    { key: 'purchase', header: 'Purchase', cell: (row) => (row.purchaseId === null ? '—' : `#${row.purchaseId}`), align: 'right' },
    { key: 'joined', header: 'Joined (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.joinedAt)}</span> },
    { key: 'since', header: 'Since (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.statusAt)}</span> },
    {
      key: 'decision',
      header: 'Decision',
      cell: (row) =>
        row.status === 'held' ? (
          mayDecide ? (
            <span className="flex gap-1">
              <Button
                size="sm"
                className="h-7"
                aria-label={`Approve the reward for ${row.referredUsername}`}
                onClick={() => open(row, 'approve')}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="h-7"
                aria-label={`Reject the reward for ${row.referredUsername}`}
                onClick={() => open(row, 'reject')}
              >
                Reject
              </Button>
            </span>
          ) : (
            <span className="text-ink-faint">waiting for payments</span>
          )
        ) : (
          outcome(row)
        ),
    },
  ];

  const nextCursor = list.data?.nextCursor ?? null;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Referral rewards</h1>
      <StatusFilters
        statuses={referralRewardFilters}
        labels={filterLabels}
        current={status}
        onChange={(filter) => {
          setDone(null);
          setCursors([undefined]);
          setParams({ status: filter });
        }}
      />
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption={`Referral rewards: ${filterLabels[status]}`}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.referredUserId}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        emptyText={status === 'held' ? 'No referral reward is waiting for review.' : 'No referral reward here.'}
        minWidth={1040}
        footer={
          cursors.length > 1 || nextCursor ? (
            <nav aria-label="Pages" className="flex items-center gap-2 text-xs text-ink-muted">
              <button
                type="button"
                className="cursor-pointer rounded border border-night-600 px-2 py-1 hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-40"
                disabled={cursors.length <= 1}
                onClick={() => setCursors((seen) => seen.slice(0, -1))}
              >
                Previous
              </button>
              <span>Page {cursors.length}</span>
              <button
                type="button"
                className="cursor-pointer rounded border border-night-600 px-2 py-1 hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-40"
                disabled={!nextCursor}
                onClick={() => nextCursor && setCursors((seen) => [...seen, nextCursor])}
              >
                Next
              </button>
            </nav>
          ) : null
        }
      />
      {pending ? (
        <ReasonDialog
          open
          title={
            pending.decision === 'approve'
              ? `Approve the reward for ${pending.row.referredUsername}`
              : `Reject the reward for ${pending.row.referredUsername}`
          }
          description={
            pending.decision === 'approve'
              ? `${pending.row.referrerUsername} is paid ${coins(pending.row.gc, pending.row.sc)} now.`
              : `${pending.row.referrerUsername} is paid nothing for this friend.`
          }
          confirmLabel={pending.decision === 'approve' ? 'Approve and pay' : 'Reject'}
          danger={pending.decision === 'reject'}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await decide.mutateAsync({ referredUserId: pending.row.referredUserId, decision: pending.decision, reason });
            setDone(result.message ?? 'Done.');
          }}
        />
      ) : null}
    </div>
  );
}
