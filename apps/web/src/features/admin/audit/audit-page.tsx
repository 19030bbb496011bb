import { auditActionLabels, type AuditRow } from '@casino/contracts/admin';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { adminErrorText } from '../admin-http';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { AUDIT_PAGE_SIZE, useAudit, type AuditFilters } from './audit-api';

/**
 * The audit trail: newest first, filtered by operator, action (or a family such
 * as every player action), target and UTC dates; the state before and after of each change.
 */
const FILTERS = ['operatorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

const actionOptions = [
  { value: '', label: 'Every action' },
  { value: 'operator.', label: 'Every operator action' },
  { value: 'player.', label: 'Every player action' },
  ...Object.entries(auditActionLabels).map(([value, label]) => ({ value, label: `${label} (${value})` })),
];

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-ink-faint">—</span>;
  return <code className="block max-w-72 font-mono text-[11px] break-all whitespace-pre-wrap text-ink-muted">{JSON.stringify(value)}</code>;
}

const columns: AdminColumn<AuditRow>[] = [
  { key: 'at', header: 'When (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.at)}</span> },
  {
    key: 'who',
    header: 'Operator',
    cell: (row) => (
      <span>
        {row.operatorEmail ?? '—'}
        {row.operatorId !== null ? <span className="text-ink-faint"> #{row.operatorId}</span> : null}
      </span>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    cell: (row) => (
      <span className="whitespace-nowrap">
        <span className="font-semibold text-ink">{auditActionLabels[row.action] ?? row.action}</span>
        <span className="block font-mono text-[11px] text-ink-faint">{row.action}</span>
      </span>
    ),
  },
  {
    key: 'target',
    header: 'Target',
    cell: (row) =>
      row.targetType === 'player' && row.targetId ? (
        <Link to={`/admin/players/${row.targetId}`} className="text-gold-300 hover:underline">
          player #{row.targetId}
        </Link>
      ) : (
        `${row.targetType}${row.targetId ? ` #${row.targetId}` : ''}`
      ),
  },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason ?? <span className="text-ink-faint">—</span>, className: 'min-w-40' },
  { key: 'before', header: 'Before', cell: (row) => <Change value={row.before} /> },
  { key: 'after', header: 'After', cell: (row) => <Change value={row.after} /> },
  { key: 'ip', header: 'Address', cell: (row) => row.ip ?? '—' },
];

function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-[11px] font-semibold tracking-wide text-ink-muted uppercase">
        {label}
      </label>
      {children}
    </div>
  );
}

const inputClass = 'h-8 rounded-md border border-night-600 bg-night-900 px-2 text-xs text-ink outline-none focus:border-gold-400';

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const audit = useAudit(filters, page);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)));
  };
  const field = (name: keyof AuditFilters) => ({
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Audit trail</h1>
      <form onSubmit={apply} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-7 lg:items-end" aria-label="Filters">
        <FilterField id="audit-operator" label="Operator ID">
          <input id="audit-operator" inputMode="numeric" className={inputClass} {...field('operatorId')} />
        </FilterField>
        <FilterField id="audit-action" label="Action" className="col-span-2 sm:col-span-1 lg:col-span-2">
          <select id="audit-action" className={inputClass} {...field('action')}>
            {actionOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-target-type" label="Target type">
          <select id="audit-target-type" className={inputClass} {...field('targetType')}>
            <option value="">Any</option>
            <option value="player">Player</option>
            <option value="operator">Operator</option>
            <option value="redemption">Redemption</option>
            <option value="reconciliation">Reconciliation</option>
          </select>
        </FilterField>
        <FilterField id="audit-target-id" label="Target ID">
          <input id="audit-target-id" className={inputClass} {...field('targetId')} />
        </FilterField>
        <FilterField id="audit-from" label="From (UTC day)">
          <input id="audit-from" type="date" className={inputClass} {...field('from')} />
        </FilterField>
        <FilterField id="audit-to" label="To (UTC day)">
          <input id="audit-to" type="date" className={inputClass} {...field('to')} />
        </FilterField>
        <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-7">
          <Button type="submit" size="sm">
            Apply filters
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft({});
              setParams({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <AdminTable
        caption="Audit trail entries"
        minWidth={1100}
        columns={columns}
        rows={audit.data?.rows}
        rowKey={(row) => row.id}
        loading={audit.isFetching}
        error={audit.isError ? adminErrorText(audit.error) : null}
        emptyText="No entry matches these filters."
        footer={
          audit.data ? (
            <Pager
              page={page}
              limit={AUDIT_PAGE_SIZE}
              count={audit.data.count}
              onPage={(next) => setParams({ ...filters, page: String(next) })}
            />
          ) : null
        }
      />
    </div>
  );
}
