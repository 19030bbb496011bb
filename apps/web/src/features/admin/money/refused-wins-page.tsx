import type { RefusedWinRow } from '@casino/contracts/admin-money';
import { Link, useSearchParams } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { adminErrorText } from '../admin-http';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { MONEY_PAGE_SIZE, useRefusedWins } from './money-api';

/**
 * Refused wins (docs/decisions/058-win-limits.md): wins a game server sent above the game's maximum (its max win
 * multiplier times the round's bets). The wallet paid none of them; each also raised a money alert
 * on the reconciliation page. A row says what was asked and the limit it broke.
 */
const coins = (amount: number, coin: string) => `${formatAmount(amount)} ${coin}`;

const columns: AdminColumn<RefusedWinRow>[] = [
  { key: 'at', header: 'Refused (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
  {
    key: 'player',
    header: 'Player',
    cell: (row) => (
      <Link to={`/admin/players/${row.userId}`} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
        {row.username}
      </Link>
    ),
  },
  {
    key: 'game',
    header: 'Game / round',
    cell: (row) => (
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold text-ink">{row.gameName ?? `Game ${row.gameId}`}</span>
        <span className="font-mono text-[11px] break-all text-ink-faint">
          round {row.roundId} · win {row.transactionId}
        </span>
      </span>
    ),
  },
  { key: 'bet', header: 'Bet', cell: (row) => coins(row.bet, row.coin), align: 'right' },
  { key: 'win', header: 'Win asked', cell: (row) => <span className="text-danger">{coins(row.win, row.coin)}</span>, align: 'right' },
  {
    key: 'limit',
    header: 'Maximum',
    cell: (row) => (
      <span className="flex flex-col whitespace-nowrap">
        <span>{coins(row.maxWin, row.coin)}</span>
        <span className="text-ink-faint">{row.maxWinMultiplier.toLocaleString('en-US')}× the bet</span>
      </span>
    ),
    align: 'right',
  },
];

export default function RefusedWinsPage() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useRefusedWins(page);
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Refused wins</h1>
      <p className="text-sm text-ink-muted">Wins above their game&apos;s maximum for the round&apos;s bet. None of them was paid.</p>
      <AdminTable
        caption="Refused wins"
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row.refusedWinId}
        loading={list.isFetching}
        error={list.isError ? adminErrorText(list.error) : null}
        emptyText="No win was refused."
        minWidth={820}
        footer={
          list.data ? (
            <Pager page={page} limit={MONEY_PAGE_SIZE} count={list.data.count} onPage={(next) => setParams({ page: String(next) })} />
          ) : null
        }
      />
    </div>
  );
}
