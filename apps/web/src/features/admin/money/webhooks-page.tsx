import {
  failedWebhookFilters,
  webhookProviderLabels,
  type FailedWebhookRow,
  type FailedWebhookStatus,
} from '@casino/contracts/admin-money';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { adminErrorText } from '../admin-http';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { SuccessNotice, Tag } from '../notices';
import { ReasonDialog } from '../reason-dialog';
import { StatusFilters } from '../status-filters';
import { MONEY_PAGE_SIZE, useFailedWebhooks, useWebhookReplay, type WebhookFilter } from './money-api';

/**
 * Failed webhooks: signed events of the card processor and the payout provider
 * whose handling failed, kept until the provider's retry applies them (resolved) or an operator
 * replays them through the same handler (replayed). A replay asks why; a replay that fails again
 * shows the new error in the dialog and the row counts one attempt more.
 */
const filterLabels: Record<WebhookFilter, string> = {
  failed: 'Failed',
  replayed: 'Replayed',
  resolved: 'Resolved by a retry',
  all: 'All',
};

const statusTones: Record<FailedWebhookStatus, 'danger' | 'ok' | 'neutral'> = {
  failed: 'danger',
  replayed: 'ok',
  resolved: 'neutral',
};

export default function WebhooksPage() {
  const [params, setParams] = useSearchParams();
  const status = (failedWebhookFilters as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as WebhookFilter)
    : 'failed';
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useFailedWebhooks(status, page);
  const replay = useWebhookReplay();
  const [pending, setPending] = useState<FailedWebhookRow | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns: AdminColumn<FailedWebhookRow>[] = [
    { key: 'id', header: 'ID', cell: (row) => row.webhookId, align: 'right' },
    {
      key: 'provider',
      header: 'Provider',
      cell: (row) => <span className="whitespace-nowrap">{webhookProviderLabels[row.provider]}</span>,
    },
    {
      key: 'event',
      header: 'Event',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold text-ink">{row.summary}</span>
          <span className="font-mono text-[11px] break-all text-ink-faint">{row.eventId}</span>
          <span className="text-ink-muted">
            {row.provider === 'PAYNOTE' ? 'Redemption' : 'Purchase'} <span className="font-mono break-all">{row.reference}</span>
          </span>
        </span>
      ),
    },
    { key: 'error', header: 'Last error', cell: (row) => <span className="break-words text-danger">{row.lastError}</span> },
    { key: 'attempts', header: 'Attempts', cell: (row) => row.attempts, align: 'right' },
    {
      key: 'seen',
      header: 'First / last seen (UTC)',
      cell: (row) => (
        <span className="flex flex-col whitespace-nowrap">
          <span>{formatUtc(row.firstSeenAt)}</span>
          <span className="text-ink-faint">{formatUtc(row.lastSeenAt)}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span>
            <Tag tone={statusTones[row.status]}>{row.status}</Tag>
          </span>
          {row.status === 'replayed' ? (
            <span className="whitespace-nowrap text-ink-faint">
              by {row.replayedBy ?? 'an operator'}, {formatUtc(row.replayedAt)}
            </span>
          ) : null}
          {row.status === 'resolved' ? <span className="whitespace-nowrap text-ink-faint">{formatUtc(row.resolvedAt)}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Replay',
      cell: (row) =>
        row.status === 'failed' ? (
          <Button
            size="sm"
            className="h-7"
            aria-label={`Replay webhook ${row.webhookId}`}
            onClick={() => {
              setDone(null);
              setPending(row);
            }}
          >
            Replay
          </Button>
        ) : (
          <span className="text-ink-faint">—</span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Failed webhooks</h1>
      <StatusFilters
        statuses={failedWebhookFilters}
        labels={filterLabels}
        current={status}
        onChange={(filter) => {
          setDone(null);
          setParams({ status: filter });
        }}
      />
      <SuccessNotice>{done}</SuccessNotice>
      <AdminTable
        caption={`Failed webhooks: ${filterLabels[status]}`}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.webhookId}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        emptyText={status === 'failed' ? 'No webhook is waiting for a replay.' : 'No webhook here.'}
        minWidth={1040}
        footer={
          list.data ? (
            <Pager
              page={page}
              limit={MONEY_PAGE_SIZE}
              count={list.data.count}
              onPage={(next) => setParams({ status, page: String(next) })}
            />
          ) : null
        }
      />
      {pending ? (
        <ReasonDialog
          open
          title={`Replay webhook #${pending.webhookId}`}
          description={`${webhookProviderLabels[pending.provider]}: ${pending.summary} (event ${pending.eventId}). Its handler runs again on the kept event; an event already applied moves nothing.`}
          confirmLabel="Replay"
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const result = await replay.mutateAsync({ webhookId: pending.webhookId, reason });
            setDone(`Webhook #${pending.webhookId}: ${result.message ?? 'replayed.'}`);
          }}
        />
      ) : null}
    </div>
  );
}
