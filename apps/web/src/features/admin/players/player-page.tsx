import { adminAccess, holdsRole, purchaseStatusLabels, redemptionStatusLabels, type PlayerDetail } from '@casino/contracts/admin';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tabs } from '../../../components/ui/tabs';
import { formatAmount } from '../../../lib/format';
import { adminErrorText } from '../admin-http';
import { useAdminParams } from '../admin-params';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { AdjustBalanceDialog } from '../money/adjust-dialog';
import { ReasonDialog } from '../reason-dialog';
import { useOperator } from '../session-api';
import {
  PAGE_SIZE,
  usePlayer,
  usePlayerAction,
  usePlayerTable,
  type PlayerAction,
  type PlayerTable,
  type PurchaseRow,
  type RedemptionRow,
  type RoundRow,
  type TransferRow,
} from './players-api';

/**
 * A player's page: profile, KYC, restriction and block, responsible-play limits
 * and exclusions, wallet buckets, sessions, then their transfers, rounds, purchases and
 * redemptions; the actions the operator's roles allow, each with a reason.
 *
 * No manual coin adjustment here yet: it waits for the ledger's rewrite (docs/decisions/024).
 */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-faint">{label}</dt>
          <dd className="break-all text-ink">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

interface PendingAction {
  action: PlayerAction;
  title: string;
  description: string;
  confirmLabel: string;
  danger: boolean;
}

export default function PlayerPage() {
  const userId = Number(useAdminParams().userId);
  const player = usePlayer(userId);
  const operator = useOperator().data;
  const act = usePlayerAction(userId);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState(false);

  if (!Number.isSafeInteger(userId) || userId <= 0) return <ErrorNotice>This is not a player id.</ErrorNotice>;
  if (player.isPending) return <p className="text-ink-muted">Loading the player…</p>;
  if (player.isError) return <ErrorNotice>{adminErrorText(player.error)}</ErrorNotice>;
  const detail = player.data;
  const roles = operator?.roles ?? [];
  const may = (allowed: readonly (typeof roles)[number][]) => holdsRole(roles, allowed);

  const open = (next: PendingAction) => {
    setDone(null);
    setPending(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/admin/players" className="text-xs text-ink-faint hover:text-ink">
          ← Players
        </Link>
        <h1 className="font-display text-xl font-bold text-ink">{detail.profile.username}</h1>
        <span className="text-ink-faint">#{detail.profile.userId}</span>
        {detail.block ? <Tag tone="danger">Blocked</Tag> : null}
        {detail.restriction ? <Tag tone="warning">Redemptions restricted</Tag> : null}
        {!detail.block && !detail.restriction ? <Tag tone="ok">Active</Tag> : null}
      </div>

      <div className="flex flex-wrap gap-2" aria-label="Actions">
        {may(adminAccess.playerRestrict) ? (
          detail.restriction ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                open({
                  action: { kind: 'restriction', restricted: false },
                  title: 'Lift the restriction',
                  description: 'The player may request redemptions again.',
                  confirmLabel: 'Lift restriction',
                  danger: false,
                })
              }
            >
              Lift restriction
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                open({
                  action: { kind: 'restriction', restricted: true },
                  title: 'Restrict redemptions',
                  description: 'Every redemption request of this player will be refused (3079) until the restriction is lifted.',
                  confirmLabel: 'Restrict',
                  danger: true,
                })
              }
            >
              Restrict redemptions
            </Button>
          )
        ) : null}
        {may(adminAccess.playerBlock) ? (
          detail.block ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                open({
                  action: { kind: 'block', blocked: false },
                  title: 'Lift the block',
                  description: 'The player may sign in again.',
                  confirmLabel: 'Lift block',
                  danger: false,
                })
              }
            >
              Lift block
            </Button>
          ) : (
            <Button
              size="sm"
              variant="danger"
              onClick={() =>
                open({
                  action: { kind: 'block', blocked: true },
                  title: 'Block the player',
                  description: 'The player is signed out everywhere at once and cannot sign in until the block is lifted.',
                  confirmLabel: 'Block',
                  danger: true,
                })
              }
            >
              Block
            </Button>
          )
        ) : null}
        {may(adminAccess.playerEndSessions) ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              open({
                action: { kind: 'end-sessions' },
                title: 'End every session',
                description: 'The player is signed out on every device; they may sign in again.',
                confirmLabel: 'End sessions',
                danger: true,
              })
            }
          >
            End sessions
          </Button>
        ) : null}
        {may(adminAccess.balanceAdjust) ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDone(null);
              setAdjusting(true);
            }}
          >
            Adjust balance
          </Button>
        ) : null}
      </div>
      <SuccessNotice>{done}</SuccessNotice>

      <div className="grid gap-3 lg:grid-cols-3">
        <Panel title="Profile">
          <Facts
            items={[
              [
                'E-mail',
                <>
                  {detail.profile.email} {detail.profile.emailVerified ? <Tag tone="ok">verified</Tag> : <Tag>unverified</Tag>}
                </>,
              ],
              ['Name', [detail.profile.firstName, detail.profile.lastName].filter(Boolean).join(' ') || '—'],
              ['Date of birth', detail.profile.dateOfBirth],
              [
                'Phone',
                detail.profile.phone ? (
                  <>
                    {detail.profile.phone} {detail.profile.phoneVerified ? <Tag tone="ok">verified</Tag> : <Tag>unverified</Tag>}
                  </>
                ) : (
                  '—'
                ),
              ],
              ['Address', detail.profile.address],
              ['Last sign-in address', detail.profile.signInIp],
              ['Joined (UTC)', formatUtc(detail.profile.createdAt)],
            ]}
          />
        </Panel>
        <Panel title="Compliance">
          <Facts
            items={[
              ['KYC status', detail.kyc.status],
              ['Vendor status', detail.kyc.vendorStatus],
              ['Last KYC session', formatUtc(detail.kyc.lastSessionAt)],
              [
                'Restriction',
                detail.restriction ? `${detail.restriction.reason ?? 'no reason'} (since ${formatUtc(detail.restriction.since)})` : 'none',
              ],
              ['Block', detail.block ? `${detail.block.reason} (since ${formatUtc(detail.block.since)})` : 'none'],
            ]}
          />
        </Panel>
        <Panel title="Wallet">
          <Facts
            items={[
              ['Gold Coins', formatAmount(detail.wallet.gc)],
              ['SC bonus (bsc)', formatAmount(detail.wallet.bsc)],
              ['SC unplayed (psc)', formatAmount(detail.wallet.psc)],
              ['SC redeemable (wsc)', formatAmount(detail.wallet.wsc)],
              ['SC pending redemption', formatAmount(detail.wallet.pendingRedemption)],
            ]}
          />
        </Panel>
      </div>

      <div className="grid gap-3 lg:grid-cols-2">
        <Panel title="Responsible play">
          <ResponsiblePlay detail={detail} />
        </Panel>
        <Panel title="Sessions">
          <AdminTable
            caption="Sessions"
            rows={detail.sessions}
            rowKey={(row) => row.sessionId}
            emptyText="No session yet."
            columns={[
              { key: 'state', header: 'State', cell: (row) => (row.active ? <Tag tone="ok">open</Tag> : <Tag>ended</Tag>) },
              {
                key: 'started',
                header: 'Started (UTC)',
                cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span>,
              },
              { key: 'seen', header: 'Last seen', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.lastSeenAt)}</span> },
              { key: 'ip', header: 'Address', cell: (row) => row.ip ?? '—' },
              { key: 'agent', header: 'Browser', cell: (row) => <span className="line-clamp-1 max-w-56">{row.userAgent ?? '—'}</span> },
            ]}
          />
        </Panel>
      </div>

      <PlayerTables userId={userId} />

      {adjusting ? <AdjustBalanceDialog userId={userId} onClose={() => setAdjusting(false)} onDone={setDone} /> : null}
      {pending ? (
        <ReasonDialog
          open
          title={pending.title}
          description={pending.description}
          confirmLabel={pending.confirmLabel}
          danger={pending.danger}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await act.mutateAsync({ action: pending.action, reason });
            setDone(result.message ?? 'Done.');
          }}
        />
      ) : null}
    </div>
  );
}

function ResponsiblePlay({ detail }: { detail: PlayerDetail }) {
  const { limits, exclusions } = detail.responsiblePlay;
  return (
    <div className="flex flex-col gap-2">
      <AdminTable
        caption="Limits"
        rows={limits}
        rowKey={(row) => row.kind}
        emptyText="No limit set."
        columns={[
          { key: 'kind', header: 'Limit', cell: (row) => row.kind },
          { key: 'amount', header: 'Amount', cell: (row) => formatAmount(row.amount), align: 'right' },
          { key: 'since', header: 'Since (UTC)', cell: (row) => formatUtc(row.since) },
          {
            key: 'pending',
            header: 'Waiting change',
            cell: (row) =>
              row.pendingAt
                ? `${row.pendingAmount === null ? 'removal' : formatAmount(row.pendingAmount)} at ${formatUtc(row.pendingAt)}`
                : '—',
          },
        ]}
      />
      <AdminTable
        caption="Breaks and self-exclusions"
        rows={exclusions}
        rowKey={(row) => `${row.kind}-${row.startsAt}`}
        emptyText="No break or self-exclusion."
        columns={[
          { key: 'kind', header: 'Kind', cell: (row) => (row.kind === 'time_break' ? 'Time break' : 'Self-exclusion') },
          { key: 'period', header: 'Period', cell: (row) => row.period },
          { key: 'from', header: 'From (UTC)', cell: (row) => formatUtc(row.startsAt) },
          { key: 'until', header: 'Until', cell: (row) => (row.endsAt ? formatUtc(row.endsAt) : 'indefinitely') },
          { key: 'active', header: 'State', cell: (row) => (row.active ? <Tag tone="warning">in force</Tag> : <Tag>over</Tag>) },
        ]}
      />
    </div>
  );
}

const tableTabs = [
  { key: 'transfers', label: 'Ledger transfers' },
  { key: 'rounds', label: 'Rounds' },
  { key: 'purchases', label: 'Purchases' },
  { key: 'redemptions', label: 'Redemptions' },
] as const satisfies readonly { key: PlayerTable; label: string }[];

const transferColumns: AdminColumn<TransferRow>[] = [
  { key: 'id', header: 'Transfer', cell: (row) => row.transferId, align: 'right' },
  { key: 'at', header: 'When (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason },
  { key: 'reference', header: 'Reference', cell: (row) => <span className="font-mono text-[11px] break-all">{row.reference ?? '—'}</span> },
  { key: 'gc', header: 'GC', cell: (row) => formatAmount(row.gc), align: 'right' },
  { key: 'sc', header: 'SC', cell: (row) => formatAmount(row.sc), align: 'right' },
];

const roundColumns: AdminColumn<RoundRow>[] = [
  { key: 'id', header: 'Round', cell: (row) => row.roundId, align: 'right' },
  { key: 'at', header: 'When (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'game', header: 'Game', cell: (row) => row.game },
  { key: 'coin', header: 'Coin', cell: (row) => row.coin },
  { key: 'bet', header: 'Bet', cell: (row) => formatAmount(row.bet), align: 'right' },
  { key: 'win', header: 'Win', cell: (row) => formatAmount(row.win), align: 'right' },
  {
    key: 'before',
    header: 'Balance before',
    cell: (row) => (row.balanceBefore === null ? '—' : formatAmount(row.balanceBefore)),
    align: 'right',
  },
  {
    key: 'after',
    header: 'Balance after',
    cell: (row) => (row.balanceAfter === null ? '—' : formatAmount(row.balanceAfter)),
    align: 'right',
  },
  { key: 'status', header: 'Status', cell: (row) => row.status },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (row) => (
      <details>
        <summary className="cursor-pointer text-ink-faint">show</summary>
        <code className="block max-w-80 font-mono text-[11px] break-all whitespace-pre-wrap text-ink-muted">
          {JSON.stringify(row.outcome)}
        </code>
      </details>
    ),
  },
];

const purchaseColumns: AdminColumn<PurchaseRow>[] = [
  { key: 'id', header: 'Purchase', cell: (row) => row.purchaseId, align: 'right' },
  { key: 'at', header: 'When (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'ref', header: 'Reference', cell: (row) => <span className="font-mono text-[11px]">{row.merchantRefNum}</span> },
  { key: 'amount', header: 'Amount $', cell: (row) => formatAmount(row.amount), align: 'right' },
  { key: 'gc', header: 'GC', cell: (row) => formatAmount(row.gc), align: 'right' },
  { key: 'sc', header: 'SC', cell: (row) => formatAmount(row.sc), align: 'right' },
  { key: 'method', header: 'Method', cell: (row) => `${row.paymentMethod} (${row.provider})` },
  { key: 'status', header: 'Status', cell: (row) => purchaseStatusLabels[row.status] ?? String(row.status) },
  { key: 'failure', header: 'Failure', cell: (row) => row.failureMessage ?? '—' },
];

const redemptionColumns: AdminColumn<RedemptionRow>[] = [
  { key: 'id', header: 'Redemption', cell: (row) => row.redemptionId, align: 'right' },
  { key: 'at', header: 'Requested (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  { key: 'amount', header: 'SC', cell: (row) => formatAmount(row.amount), align: 'right' },
  { key: 'method', header: 'Method', cell: (row) => row.method },
  { key: 'status', header: 'Status', cell: (row) => redemptionStatusLabels[row.status] ?? String(row.status) },
  {
    key: 'flags',
    header: 'Review flags',
    cell: (row) =>
      row.flags.length
        ? row.flags.map((flag) => (
            <Tag key={flag} tone="warning">
              {flag}
            </Tag>
          ))
        : '—',
  },
  { key: 'settled', header: 'Settled (UTC)', cell: (row) => formatUtc(row.settledAt) },
  { key: 'failure', header: 'Failure', cell: (row) => row.failureReason ?? '—' },
];

function PlayerTables({ userId }: { userId: number }) {
  const [tab, setTab] = useState<PlayerTable>('transfers');
  return (
    <Tabs items={tableTabs} value={tab} onChange={setTab} label="Player history">
      {tab === 'transfers' ? (
        <HistoryTable userId={userId} table="transfers" columns={transferColumns} rowKey={(row: TransferRow) => row.transferId} />
      ) : null}
      {tab === 'rounds' ? (
        <HistoryTable userId={userId} table="rounds" columns={roundColumns} rowKey={(row: RoundRow) => row.roundId} />
      ) : null}
      {tab === 'purchases' ? (
        <HistoryTable userId={userId} table="purchases" columns={purchaseColumns} rowKey={(row: PurchaseRow) => row.purchaseId} />
      ) : null}
      {tab === 'redemptions' ? (
        <HistoryTable userId={userId} table="redemptions" columns={redemptionColumns} rowKey={(row: RedemptionRow) => row.redemptionId} />
      ) : null}
    </Tabs>
  );
}

function HistoryTable<Row>({
  userId,
  table,
  columns,
  rowKey,
}: {
  userId: number;
  table: PlayerTable;
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => number;
}) {
  const [page, setPage] = useState(1);
  const query = usePlayerTable<Row>(userId, table, page);
  return (
    <AdminTable
      caption={table}
      columns={columns}
      rows={query.data?.rows}
      rowKey={rowKey}
      loading={query.isFetching}
      error={query.isError ? adminErrorText(query.error) : null}
      emptyText="Nothing yet."
      footer={query.data ? <Pager page={page} limit={PAGE_SIZE} count={query.data.count} onPage={setPage} /> : null}
    />
  );
}
