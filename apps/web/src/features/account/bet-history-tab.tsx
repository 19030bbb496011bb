import { HISTORY_PAGE_SIZE } from '@casino/contracts/constants';
import type { BetHistoryRow } from '@casino/contracts/games';
import { provablyFairLink } from '@casino/contracts/provably-fair';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { Select } from '../../components/ui/select';
import { Table, type Column } from '../../components/ui/table';
import { formatAmount, formatDateTime } from '../../lib/format';
import { betHistoryQuery, type BetHistoryFilters } from './api';
import { defaultRange, HistoryFilters, rangeErrors } from './history-filters';

const columns: readonly Column<BetHistoryRow>[] = [
  { key: 'game', header: 'Game Id', cell: (row) => <span className="font-mono text-xs text-ink-muted">{row.game_id}</span> },
  { key: 'date', header: 'Date & Time', cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.created_at)}</span> },
  { key: 'name', header: 'Game Name', cell: (row) => <span className="font-semibold text-ink">{row.game_identifier}</span> },
  {
    key: 'stake',
    header: 'Stake',
    align: 'right',
    cell: (row) => (
      <span className="inline-flex items-center gap-1.5">
        <CoinIcon coin={row.coinType} className="h-4 w-4" />
        {formatAmount(row.bet_amount)}
      </span>
    ),
  },
  {
    key: 'win',
    header: 'Win',
    align: 'right',
    cell: (row) => (
      <span className={row.win_amount > 0 ? 'font-bold text-emerald-sc' : 'text-ink-muted'}>{formatAmount(row.win_amount)}</span>
    ),
  },
  {
    key: 'fair',
    header: 'Provably Fair',
    cell: (row) =>
      row.seeds ? (
        <Link
          to={provablyFairLink({ ...row.seeds, serverSeedHash: row.seeds.serverSeedHash, bet: row.bet_amount })}
          className="font-semibold whitespace-nowrap text-gold-300 underline-offset-2 hover:underline"
          aria-label={`Verify round ${row.roundId}: nonce ${row.seeds.nonce}${row.seeds.serverSeed ? '' : ', server seed not yet revealed'}`}
          title={row.seeds.serverSeed ? undefined : 'Rotate your seeds to reveal the server seed of this round'}
        >
          Verify · nonce {row.seeds.nonce}
        </Link>
      ) : (
        <span className="text-ink-faint">—</span>
      ),
  },
];

/**
 * The Bet History tab (seed 001 section 2): start and end date (the last 10 days by default) and
 * the coin (SC or GC); Game Id, Date & Time, Game Name, Stake, Win; 10 a page with 2 margin pages
 * and a 5-page range; 'No records found' when empty. An in-house round links to its seeds on the
 * /provably-fair page (its server seed there once the player rotated the pair).
 */
export function BetHistoryTab() {
  const [filters, setFilters] = useState<BetHistoryFilters>(() => ({
    page: 1,
    limit: HISTORY_PAGE_SIZE,
    coinType: 'SC',
    ...defaultRange(),
  }));
  const valid = Object.keys(rangeErrors(filters)).length === 0;
  const bets = useQuery({ ...betHistoryQuery(filters), enabled: valid });
  const pageCount = Math.ceil((bets.data?.count ?? 0) / filters.limit);

  return (
    <section className="flex flex-col gap-4" aria-label="Bet history">
      <HistoryFilters range={filters} onRangeChange={(range) => setFilters({ ...filters, ...range, page: 1 })}>
        <Select
          label="Coin Type"
          value={filters.coinType}
          options={[
            { value: 'SC', label: 'SC' },
            { value: 'GC', label: 'GC' },
          ]}
          onChange={(event) => setFilters({ ...filters, coinType: event.target.value === 'GC' ? 'GC' : 'SC', page: 1 })}
        />
      </HistoryFilters>
      <Table
        caption="Bet history"
        columns={columns}
        rows={valid ? (bets.data?.rows ?? []) : []}
        rowKey={(row) => row.roundId}
        loading={valid && bets.isPending}
        page={filters.page}
        pageCount={pageCount}
        onPageChange={(page) => setFilters({ ...filters, page })}
      />
    </section>
  );
}
