import { clientSeedSchema } from '@casino/contracts/provably-fair';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/http';
import { currentSeedsQuery, revealedPairsQuery, useRotateSeeds } from './api';

/** How many nonces a revealed pair gave out, as the player reads it. */
function roundsText(nonces: number): string {
  if (nonces === 0) return 'no rounds';
  return nonces === 1 ? '1 round (nonce 0)' : `${nonces} rounds (nonces 0 to ${nonces - 1})`;
}

/**
 * The signed-in player's seeds: the current pair (the server seed's hash, the client seed, the
 * next nonce), a new client seed or a plain rotation (each reveals the current server seed), and
 * the revealed pairs, each of which fills the verifier with its seeds.
 */
export function SeedsPanel({ onUse }: { onUse: (seeds: { serverSeed: string; clientSeed: string; hash: string }) => void }) {
  const current = useQuery(currentSeedsQuery);
  const [page, setPage] = useState(1);
  const pairs = useQuery(revealedPairsQuery(page));
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');

  async function rotateWith(seed?: string) {
    setNotice('');
    try {
      const { data } = await rotate.mutateAsync(seed);
      setClientSeed('');
      setNotice(`Rotated. Your previous server seed is revealed below; new hash ${data.current.serverSeedHash.slice(0, 16)}…`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const changeClientSeed = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clientSeedSchema.safeParse(clientSeed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void rotateWith(parsed.data);
  };

  const pageCount = Math.ceil((pairs.data?.count ?? 0) / 5);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-2 rounded-2xl border border-night-600/70 bg-night-900/70 p-4 text-sm break-all sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="font-semibold text-ink-muted">Server seed hash</dt>
        <dd className="font-mono text-gold-300" data-testid="current-hash">
          {current.data?.serverSeedHash ?? '…'}
        </dd>
        <dt className="font-semibold text-ink-muted">Client seed</dt>
        <dd className="font-mono" data-testid="current-client-seed">
          {current.data?.clientSeed ?? '…'}
        </dd>
        <dt className="font-semibold text-ink-muted">Next nonce</dt>
        <dd className="font-mono">{current.data?.nonce ?? '…'}</dd>
      </dl>
      <form onSubmit={changeClientSeed} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Change the client seed">
        <Input
          label="New client seed"
          value={clientSeed}
          onChange={(event) => setClientSeed(event.target.value)}
          error={error}
          spellCheck={false}
          autoComplete="off"
          className="flex-1"
          hint="Changing it rotates your seeds"
        />
        <Button type="submit" variant="secondary" loading={rotate.isPending} className="sm:mt-6">
          Change client seed
        </Button>
        <Button variant="outline" onClick={() => void rotateWith()} disabled={rotate.isPending} className="sm:mt-6">
          Rotate seeds
        </Button>
      </form>
      <p role="status" className="text-sm text-emerald-sc empty:hidden">
        {notice}
      </p>
      <section aria-labelledby="revealed-pairs" className="flex flex-col gap-3">
        <h3 id="revealed-pairs" className="font-display text-lg font-extrabold">
          Revealed seed pairs
        </h3>
        {pairs.data && pairs.data.rows.length === 0 ? (
          <p className="text-sm text-ink-muted">None yet: rotate your seeds to reveal the server seed of your rounds so far.</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {pairs.data?.rows.map((pair) => (
            <li key={pair.id} className="flex flex-col gap-2 rounded-2xl border border-night-600/70 bg-night-900/60 p-4 text-xs break-all">
              <p className="text-ink-muted">
                Revealed {formatDateTime(pair.revealedAt)} · {roundsText(pair.nonce)}
              </p>
              <p>
                <span className="font-semibold text-ink-muted">Server seed </span>
                <span className="font-mono" data-testid="revealed-server-seed">
                  {pair.serverSeed}
                </span>
              </p>
              <p>
                <span className="font-semibold text-ink-muted">Hash </span>
                <span className="font-mono">{pair.serverSeedHash}</span>
              </p>
              <p>
                <span className="font-semibold text-ink-muted">Client seed </span>
                <span className="font-mono">{pair.clientSeed}</span>
              </p>
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onUse({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, hash: pair.serverSeedHash })}
                >
                  Verify with these seeds
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} onPageChange={setPage} /> : null}
      </section>
    </div>
  );
}
