import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { testServer } from '../../test/harness.js';
import { limitInForce } from './limit-in-force.js';

const set = new Date('2026-11-20T10:00:00.000Z');
const due = new Date('2026-11-21T10:00:00.000Z');

describe('limitInForce', () => {
  it('keeps a limit with nothing waiting', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: null };
    expect(limitInForce(row, due)).toEqual(row);
  });

  it('keeps the lower limit while a raise waits, and shows the raise', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: 5000, pendingAt: due };
    expect(limitInForce(row, new Date(due.getTime() - 1))).toEqual(row);
  });

  it('applies a raise once its time has come', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: 5000, pendingAt: due };
    expect(limitInForce(row, due)).toEqual({ amount: 5000, createdAt: due, pendingAmount: null, pendingAt: null });
  });

  it('drops a limit once its removal is due, not before', () => {
    const row = { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: due };
    expect(limitInForce(row, new Date(due.getTime() - 1))?.amount).toBe(2000);
    expect(limitInForce(row, due)).toBeNull();
  });
});

/**
 * The wallet's bet check decides the same rule inside its database statement
 * (money/functions/responsible_play_limit_in_force.sql): both must say the same for every case.
 */
describe('limitInForce and the bet check in the database', () => {
  it('agree on the amount in force for every kind of row, before, at and after its time', async () => {
    const { owner } = await testServer();
    const rows = [
      { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: null },
      { amount: 2000, createdAt: set, pendingAmount: 5000, pendingAt: due },
      { amount: 2000, createdAt: set, pendingAmount: null, pendingAt: due },
    ];
    const times = [new Date(due.getTime() - 1), due, new Date(due.getTime() + 1)];
    for (const row of rows) {
      for (const now of times) {
        const [answer] = await queryRows<{ in_force: string | null }>(
          owner.db,
          sql`select responsible_play_limit_in_force(${row.amount}, ${row.pendingAmount}, ${row.pendingAt?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz) as in_force`,
        );
        const inDatabase = answer!.in_force === null ? null : Number(answer!.in_force);
        expect(inDatabase, `${JSON.stringify(row)} at ${now.toISOString()}`).toBe(limitInForce(row, now)?.amount ?? null);
      }
    }
  });
});
