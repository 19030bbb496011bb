import type { VerifiedRound } from '@casino/contracts/game-math/verify-round';
import type { ScratchOutcome } from '@casino/contracts/game-math/scratch-types';
import type { SlotOutcome } from '@casino/contracts/game-math/slot-types';
import { cn } from '../../lib/cn';
import { formatAmount } from '../../lib/format';
import { scratchSymbolName, slotSymbolNames, slotSymbolTone } from './symbols';

/** How a multiplier reads: at most four decimals, no trailing zeros (1.9×, 0×, 12.25×). */
export function multiplierText(multiplier: number): string {
  return `${Number(multiplier.toFixed(4))}×`;
}

function SlotGrid({ outcome }: { outcome: SlotOutcome }) {
  const winning = new Set([
    ...outcome.lineWins.flatMap((win) => win.positions.map(({ reel, row }) => `${reel}:${row}`)),
    ...(outcome.scatterWin?.positions.map(({ reel, row }) => `${reel}:${row}`) ?? []),
  ]);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto scrollbar-thin">
        <table className="w-full min-w-[17rem] border-separate border-spacing-0.5 text-center text-[0.7rem] sm:border-spacing-1 sm:text-sm">
          <caption className="sr-only">Reel grid: 3 rows of 5 reels</caption>
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Row
              </th>
              {outcome.stops.map((stop, reel) => (
                <th key={reel} scope="col" className="pb-1 font-semibold text-ink-muted">
                  Reel {reel + 1}
                  <span className="block text-[0.7rem] font-normal text-ink-faint">stop {stop}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {outcome.grid.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row" className="sr-only">
                  Row {rowIndex + 1}
                </th>
                {row.map((symbol, reel) => {
                  const won = winning.has(`${reel}:${rowIndex}`);
                  return (
                    <td
                      key={reel}
                      data-testid="grid-cell"
                      className={cn(
                        'rounded-lg border px-0.5 py-3 font-bold sm:px-1',
                        slotSymbolTone(symbol),
                        won && 'ring-2 ring-gold-300 ring-offset-2 ring-offset-night-900',
                      )}
                    >
                      {slotSymbolNames[symbol]}
                      {won ? <span className="sr-only"> (winning)</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {outcome.lineWins.length > 0 || outcome.scatterWin ? (
        <ul className="flex flex-col gap-1 text-sm text-ink-muted">
          {outcome.lineWins.map((win) => (
            <li key={win.line}>
              Line {win.line + 1}: {win.count} × {slotSymbolNames[win.symbol]} pays {win.multiplier}× the line bet
            </li>
          ))}
          {outcome.scatterWin ? (
            <li>
              {outcome.scatterWin.count} Scatters pay {outcome.scatterWin.multiplier}× the bet
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function ScratchCard({ outcome }: { outcome: ScratchOutcome }) {
  const winning = new Set(outcome.winningCells);
  return (
    <div className="flex flex-col gap-3">
      <ul className="mx-auto grid w-full max-w-xs grid-cols-3 gap-2" aria-label="Scratch card: 9 cells">
        {outcome.cells.map((symbol, index) => (
          <li
            key={index}
            data-testid="card-cell"
            className={cn(
              'rounded-xl border border-night-500 bg-night-800 px-1 py-4 text-center text-sm font-bold',
              winning.has(index) && 'border-gold-400 bg-gold-500/15 text-gold-300 ring-2 ring-gold-300',
            )}
          >
            {scratchSymbolName(symbol)}
            {winning.has(index) ? <span className="sr-only"> (winning)</span> : null}
          </li>
        ))}
      </ul>
      <p className="text-center text-sm text-ink-muted">
        {outcome.winningSymbol ? `Three of ${scratchSymbolName(outcome.winningSymbol)}: a match` : 'No three alike: no prize'}
      </p>
    </div>
  );
}

/** A verified round: the title, the grid or card, and the win multiplier. */
export function RoundView({ round, hashMatches }: { round: VerifiedRound; hashMatches: boolean | null }) {
  const { outcome } = round;
  return (
    <div className="flex flex-col gap-4" data-testid="verified-round">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-lg font-extrabold">{round.title?.name ?? round.profileId}</h3>
        <p className="text-sm text-ink-muted">
          Win multiplier{' '}
          <output className="font-display text-2xl font-black text-gold-300" data-testid="win-multiplier">
            {multiplierText(round.multiplier)}
          </output>
        </p>
      </div>
      {outcome.kind === 'slot' ? <SlotGrid outcome={outcome} /> : <ScratchCard outcome={outcome} />}
      <p className="text-sm text-ink-muted">
        A {formatAmount(round.bet / 100)} bet wins {formatAmount(outcome.totalWin / 100)}.
      </p>
      <dl className="grid gap-1 text-xs break-all text-ink-muted sm:grid-cols-[max-content_1fr] sm:gap-x-3">
        <dt className="font-semibold text-ink">Server seed hash (SHA-256)</dt>
        <dd className="font-mono" data-testid="computed-hash">
          {round.serverSeedHash}
        </dd>
        {round.blocks.map((block, index) => (
          <div key={index} className="contents">
            <dt className="font-semibold text-ink">HMAC block {index}</dt>
            <dd className="font-mono">{block}</dd>
          </div>
        ))}
      </dl>
      {hashMatches === null ? null : hashMatches ? (
        <p
          className="rounded-xl border border-emerald-sc/50 bg-emerald-sc/10 px-3 py-2 text-sm font-semibold text-emerald-sc"
          role="status"
        >
          ✓ This server seed’s hash is the hash you were shown before the round.
        </p>
      ) : (
        <p className="rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-sm font-semibold text-danger" role="alert">
          ✗ This server seed’s hash is not the hash you were shown before the round.
        </p>
      )}
    </div>
  );
}
