import { adminMessages, playerSearchQuerySchema, type PlayerSearchRow } from '@casino/contracts/admin';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { adminErrorText } from '../admin-http';
import { AdminTable, Pager, type AdminColumn } from '../admin-table';
import { formatUtc } from '../format-utc';
import { Tag } from '../notices';
import { PAGE_SIZE, usePlayerSearch } from './players-api';

/** Player search: by id, username, e-mail or phone; the query stays in the address. */
const columns: AdminColumn<PlayerSearchRow>[] = [
  { key: 'id', header: 'ID', cell: (row) => row.userId, align: 'right' },
  {
    key: 'username',
    header: 'Username',
    cell: (row) => (
      <Link to={`/admin/players/${row.userId}`} className="font-semibold text-gold-300 underline-offset-2 hover:underline">
        {row.username}
      </Link>
    ),
  },
  { key: 'email', header: 'E-mail', cell: (row) => row.email },
  { key: 'phone', header: 'Phone', cell: (row) => row.phone ?? '—' },
  { key: 'kyc', header: 'KYC', cell: (row) => row.kycStatus },
  {
    key: 'state',
    header: 'State',
    cell: (row) => (
      <span className="flex gap-1">
        {row.blocked ? <Tag tone="danger">Blocked</Tag> : null}
        {row.restricted ? <Tag tone="warning">Restricted</Tag> : null}
        {!row.blocked && !row.restricted ? <Tag tone="ok">Active</Tag> : null}
      </span>
    ),
  },
  { key: 'joined', header: 'Joined (UTC)', cell: (row) => <span className="whitespace-nowrap">{formatUtc(row.createdAt)}</span> },
];

export default function PlayersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(q);
  const [formError, setFormError] = useState<string | null>(null);
  const search = usePlayerSearch(q, page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = playerSearchQuerySchema.shape.q.safeParse(draft);
    if (!parsed.success) {
      setFormError(adminMessages.searchRule);
      return;
    }
    setFormError(null);
    setParams({ q: parsed.data });
  };

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Players</h1>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" role="search" noValidate>
        <div className="flex min-w-60 flex-1 flex-col gap-1">
          <label htmlFor="player-search" className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            ID, username, e-mail or phone
          </label>
          <input
            id="player-search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? 'player-search-error' : undefined}
            className="h-9 rounded-md border border-night-600 bg-night-900 px-2.5 text-sm text-ink outline-none focus:border-gold-400"
            placeholder="e.g. 1042, lucky, @example.com, 212555"
          />
        </div>
        <Button type="submit" size="sm" className="h-9">
          Search
        </Button>
        {formError ? (
          <p id="player-search-error" role="alert" className="w-full text-xs text-danger">
            {formError}
          </p>
        ) : null}
      </form>
      {q ? (
        <AdminTable
          caption="Players found"
          columns={columns}
          rows={search.data?.rows}
          rowKey={(row) => row.userId}
          loading={search.isFetching}
          error={search.isError ? adminErrorText(search.error) : null}
          emptyText={`No player matches “${q}”.`}
          footer={
            search.data ? (
              <Pager page={page} limit={PAGE_SIZE} count={search.data.count} onPage={(next) => setParams({ q, page: String(next) })} />
            ) : null
          }
        />
      ) : (
        <p className="text-ink-muted">Search by a player’s id, part of their username or e-mail, or the start of their phone number.</p>
      )}
    </div>
  );
}
