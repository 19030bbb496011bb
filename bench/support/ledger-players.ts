import { randomInt } from 'node:crypto';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import type { StandaloneLedger } from '../../apps/server/src/money/ledger/testing.js';

/**
 * Makes bench players, each funded with `gc` hundredths of GC through the ledger: names unique to
 * this run (a scratch database may hold other runs' players), `prefix` telling the benches apart.
 */
export function fundedPlayers(handle: DatabaseHandle, ledger: StandaloneLedger, { prefix, gc }: { prefix: string; gc: number }) {
  const run = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;
  let created = 0;
  return async function players(count: number): Promise<number[]> {
    const numbers = Array.from({ length: count }, () => created++);
    const rows = await handle.db
      .insert(users)
      .values(numbers.map((n) => ({ username: `${prefix}${n}r${run}`.slice(0, 15), email: `bench-${run}-${n}@bench.local` })))
      .returning({ id: users.id });
    for (const row of rows) {
      await ledger.creditBonus({ userId: row.id, gc, sc: 0, reason: 'adjustment', idempotencyKey: `bench:${run}:fund:${row.id}` });
    }
    return rows.map((row) => row.id);
  };
}

/**
 * The `index`th movement of a slot session spread over `players`: two bets of 1 GC to one win
 * of 1.50 GC, each a transaction of its own under the key `<keyPrefix>:<index>`. The ledger
 * benchmarks share it, so their figures are of the same load.
 */
export async function slotSessionMovement(ledger: StandaloneLedger, players: readonly number[], index: number, keyPrefix: string) {
  const userId = players[index % players.length]!;
  const idempotencyKey = `${keyPrefix}:${index}`;
  if (index % 3 === 2) await ledger.creditWin({ userId, coin: 'GC', amount: 150, idempotencyKey });
  else await ledger.debitBet({ userId, coin: 'GC', amount: 100, idempotencyKey });
}
