import { HISTORY_PAGE_SIZE } from '@casino/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Select } from '../../components/ui/select';
import { Table, type Column } from '../../components/ui/table';
import { CancelRedeemButton } from '../redeem';
import { formatAmount, formatDateTime } from '../../lib/format';
import { transactionsQuery, type TransactionActionType, type TransactionFilters, type TransactionRow } from './api';
import { defaultRange, HistoryFilters, rangeErrors } from './history-filters';
import { transactionStatusLabel, transactionStatusTone } from './transaction-status';

/** The transaction types of the filter (seed 001 section 2) and the actionType each sends. */
const typeOptions: { value: TransactionActionType; label: string }[] = [
  { value: 'deposit', label: 'Purchase' },
  { value: 'redeem', label: 'Redemption' },
  { value: 'bonus', label: 'Bonus' },
];

/** Bonus reasons as the player reads them. */
function bonusTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function columnsFor(actionType: TransactionActionType, action?: (row: TransactionRow) => ReactNode): Column<TransactionRow>[] {
  const columns: Column<TransactionRow>[] = [
    {
      key: 'id',
      header: 'Transaction ID',
      cell: (row) => <span className="font-mono text-xs break-all text-ink-muted">{row.transactionId}</span>,
    },
  ];
  // The type column shows for bonuses only (seed 001 section 2).
  if (actionType === 'bonus') columns.push({ key: 'type', header: 'Transaction Type', cell: (row) => bonusTypeLabel(row.transactiontype) });
  columns.push(
    { key: 'date', header: 'Date & Time', cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.updated_at)}</span> },
    { key: 'amount', header: 'Amount', align: 'right', cell: (row) => `$${formatAmount(row.amount)}` },
    { key: 'gc', header: 'Gold Coins', align: 'right', cell: (row) => <span className="text-gold-300">{formatAmount(row.gccoin)}</span> },
    { key: 'sc', header: 'SC Coins', align: 'right', cell: (row) => <span className="text-emerald-sc">{formatAmount(row.sccoin)}</span> },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${transactionStatusTone(row.status)}`}>
          {transactionStatusLabel(row.status)}
        </span>
      ),
    },
  );
  if (actionType === 'redeem' && action) columns.push({ key: 'action', header: 'Action', cell: action });
  return columns;
}

/**
 * The Transactions tab (seed 001 section 2): start and end date (the last 10 days by default) and
 * the type (Purchase, Redemption, Bonus); rows from GET /payment/transactions with their status
 * labels; 10 a page with 2 margin pages and a 5-page range; 'No records found' when empty.
 */
export function TransactionsTab() {
  const [filters, setFilters] = useState<TransactionFilters>(() => ({
    page: 1,
    limit: HISTORY_PAGE_SIZE,
    actionType: 'deposit',
    ...defaultRange(),
  }));
  const valid = Object.keys(rangeErrors(filters)).length === 0;
  const transactions = useQuery({ ...transactionsQuery(filters), enabled: valid });
  const pageCount = Math.ceil((transactions.data?.count ?? 0) / filters.limit);

  return (
    <section className="flex flex-col gap-4" aria-label="Transactions">
      <HistoryFilters range={filters} onRangeChange={(range) => setFilters({ ...filters, ...range, page: 1 })}>
        <Select
          label="Transaction Type"
          value={filters.actionType}
          options={typeOptions}
          onChange={(event) => {
            const actionType = typeOptions.find((option) => option.value === event.target.value)?.value ?? 'deposit';
            setFilters({ ...filters, actionType, page: 1 });
          }}
        />
      </HistoryFilters>
      <Table
        caption="Transactions"
        columns={columnsFor(filters.actionType, (row) => (
          // A pending redemption (status 0) can still be cancelled.
          <CancelRedeemButton withdrawRequestId={row.id} status={row.status} />
        ))}
        rows={valid ? (transactions.data?.rows ?? []) : []}
        rowKey={(row) => `${filters.actionType}-${row.id}`}
        loading={valid && transactions.isPending}
        page={filters.page}
        pageCount={pageCount}
        onPageChange={(page) => setFilters({ ...filters, page })}
      />
    </section>
  );
}
