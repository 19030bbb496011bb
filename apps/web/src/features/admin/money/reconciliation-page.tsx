import type { ReconciliationCheck } from '@casino/contracts/admin-money';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { adminErrorText } from '../admin-http';
import { AdminTable } from '../admin-table';
import { formatUtc } from '../format-utc';
import { ErrorNotice, Panel, SuccessNotice, Tag } from '../notices';
import { useReconciliation, useRunReconciliation } from './money-api';

/**
 * Reconciliation: the latest run's checks, each with the rows that broke it,
 * and the money alerts: runs that found mismatches, and wins refused for being above their
 * game's limit (docs/decisions/058-win-limits.md). The daily job runs it; an operator can run it now.
 */
function CheckPanel({ check }: { check: ReconciliationCheck }) {
  const keys = [...new Set(check.mismatches.flatMap((row) => Object.keys(row)))];
  return (
    <Panel
      title={
        <span className="flex flex-wrap items-center gap-2 normal-case">
          {check.mismatches.length === 0 ? <Tag tone="ok">OK</Tag> : <Tag tone="danger">{check.mismatches.length} mismatches</Tag>}
          <span className="text-xs font-semibold tracking-normal">{check.title}</span>
        </span>
      }
    >
      {check.mismatches.length > 0 ? (
        <AdminTable
          caption={check.title}
          rows={check.mismatches.map((row, index) => ({ index, row }))}
          rowKey={(entry) => entry.index}
          minWidth={420}
          columns={keys.map((key) => ({
            key,
            header: key,
            cell: (entry: { row: ReconciliationCheck['mismatches'][number] }) => {
              const value = entry.row[key];
              return value === null || value === undefined ? '—' : String(value);
            },
          }))}
        />
      ) : null}
    </Panel>
  );
}

export default function ReconciliationPage() {
  const overview = useReconciliation();
  const run = useRunReconciliation();
  const [done, setDone] = useState<string | null>(null);
  const latest = overview.data?.latest ?? null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-xl font-bold text-ink">Reconciliation</h1>
        <Button
          size="sm"
          loading={run.isPending}
          onClick={() => {
            setDone(null);
            run.mutate(undefined, { onSuccess: (result) => setDone(result.message ?? 'Reconciliation ran.') });
          }}
        >
          Run now
        </Button>
      </div>
      <SuccessNotice>{done}</SuccessNotice>
      <ErrorNotice>{run.isError ? adminErrorText(run.error) : null}</ErrorNotice>
      {overview.isPending ? <p className="text-ink-muted">Loading…</p> : null}
      <ErrorNotice>{overview.isError ? adminErrorText(overview.error) : null}</ErrorNotice>
      {overview.data && !latest ? (
        <p className="text-ink-muted">Reconciliation has not run yet. The daily job runs it once a day (UTC).</p>
      ) : null}
      {latest ? (
        <>
          <p className="text-sm text-ink-muted">
            Run #{latest.runId} ({latest.trigger === 'job' ? 'daily job' : 'by an operator'}), finished {formatUtc(latest.finishedAt)}:{' '}
            {latest.clean ? (
              <Tag tone="ok">clean</Tag>
            ) : (
              <Tag tone="danger">
                {latest.mismatchCount} mismatch{latest.mismatchCount === 1 ? '' : 'es'}
              </Tag>
            )}
          </p>
          <div className="grid gap-3">
            {latest.checks.map((check) => (
              <CheckPanel key={check.check} check={check} />
            ))}
          </div>
        </>
      ) : null}
      <Panel title="Alerts">
        <AdminTable
          caption="Money alerts"
          rows={overview.data?.alerts}
          rowKey={(row) => row.alertId}
          loading={overview.isFetching}
          emptyText="No money alert so far."
          columns={[
            { key: 'at', header: 'Raised (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
            { key: 'kind', header: 'Kind', cell: (row) => <Tag tone="danger">{row.kind}</Tag> },
            { key: 'summary', header: 'Summary', cell: (row) => row.summary },
            { key: 'run', header: 'Run', cell: (row) => (row.runId ? `#${row.runId}` : '—'), align: 'right' },
          ]}
        />
      </Panel>
    </div>
  );
}
