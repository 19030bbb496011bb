import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { testServer } from '../../test/harness.js';
import { standaloneLedger, type StandaloneLedger } from './testing.js';
import { LedgerModel, type LedgerOp, type ModelOutcome } from './ledger-model.js';
import { auditPlayerAccounts, createTestPlayers, entrySumsPerCoin } from './test-players.js';
import type { TransferResult } from './types.js';

/**
 * Property tests: random sequences of credits, debits, rollbacks, redemptions,
 * replays and key reuses run against the real ledger and the in-memory model; every balance and
 * every refusal must agree, every transfer must sum to zero per coin, and every cached balance
 * must equal the sum of its account's entries.
 */
let db: Database;
let ledger: StandaloneLedger;

beforeAll(async () => {
  db = (await testServer()).database.db;
  ledger = standaloneLedger(db);
});

const coin = fc.constantFrom('GC' as const, 'SC' as const);
const small = fc.integer({ min: 0, max: 400 });

const freshOp: fc.Arbitrary<Exclude<LedgerOp, { kind: 'rollback' }>> = fc.oneof(
  fc.record({ kind: fc.constant('bonus' as const), gc: small, sc: small }),
  fc.record({ kind: fc.constant('purchase' as const), gc: small, sc: small }),
  fc.record({ kind: fc.constant('bet' as const), coin, amount: small }),
  fc.record({ kind: fc.constant('bet' as const), coin, amount: small }),
  fc.record({ kind: fc.constant('win' as const), coin, amount: small }),
  fc.record({ kind: fc.constant('toPending' as const), amount: small }),
  fc.record({
    kind: fc.constant('release' as const),
    amount: small,
    outcome: fc.constantFrom('cancelled' as const, 'failed' as const, 'paid' as const),
  }),
);

/** A step: a new operation under a new key, a rollback of an earlier key, a replay, or a key reused for another request. */
type Step =
  | { step: 'fresh'; op: Exclude<LedgerOp, { kind: 'rollback' }> }
  | { step: 'rollback'; target: number }
  | { step: 'replay'; target: number }
  | { step: 'reuse'; target: number; op: Exclude<LedgerOp, { kind: 'rollback' }> };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ step: fc.constant('fresh' as const), op: freshOp }) },
  { weight: 2, arbitrary: fc.record({ step: fc.constant('rollback' as const), target: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ step: fc.constant('replay' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constant('reuse' as const), target: fc.nat(), op: freshOp }) },
);

function call(userId: number, key: string, op: LedgerOp): Promise<TransferResult> {
  switch (op.kind) {
    case 'bonus':
      return ledger.creditBonus({ userId, gc: op.gc, sc: op.sc, reason: 'daily_bonus', idempotencyKey: key });
    case 'purchase':
      return ledger.creditPurchase({ userId, gc: op.gc, sc: op.sc, idempotencyKey: key });
    case 'bet':
      return ledger.debitBet({ userId, coin: op.coin, amount: op.amount, idempotencyKey: key });
    case 'win':
      return ledger.creditWin({ userId, coin: op.coin, amount: op.amount, idempotencyKey: key });
    case 'rollback':
      return ledger.rollbackBet({ userId, betIdempotencyKey: op.betKey, idempotencyKey: key });
    case 'toPending':
      return ledger.moveToPendingRedemption({ userId, amount: op.amount, idempotencyKey: key });
    case 'release':
      return ledger.releasePendingRedemption({ userId, amount: op.amount, outcome: op.outcome, idempotencyKey: key });
  }
}

async function actual(userId: number, key: string, op: LedgerOp): Promise<ModelOutcome & { transferId?: number }> {
  try {
    const result = await call(userId, key, op);
    return {
      ok: true,
      replayed: result.replayed,
      balancesBefore: result.balancesBefore,
      balancesAfter: result.balancesAfter,
      transferId: result.transferId,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, error: error.errorName as Extract<ModelOutcome, { ok: false }>['error'] };
  }
}

describe('ledger against its model', () => {
  it('agrees on balances and refusals for random sequences, and stays balanced', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        run += 1;
        const [userId] = await createTestPlayers(db, 1);
        const model = new LedgerModel();
        // Each step's key and request, so that replays and reuses can name an earlier one.
        const issued: { key: string; op: LedgerOp }[] = [];
        const firstTransferId = new Map<string, number>();
        for (const [index, current] of steps.entries()) {
          let key = `prop:${userId}:${run}:${index}`;
          let op: LedgerOp;
          if (current.step === 'fresh') op = current.op;
          else if (current.step === 'rollback') {
            const target = issued[current.target % Math.max(issued.length, 1)];
            op = { kind: 'rollback', betKey: target?.key ?? `prop:${userId}:${run}:missing` };
          } else {
            const target = issued[current.target % Math.max(issued.length, 1)];
            if (!target) continue;
            key = target.key;
            op = current.step === 'replay' ? target.op : current.op;
          }
          issued.push({ key, op });

          const expected = model.apply(key, op);
          const got = await actual(userId!, key, op);
          const { transferId, ...outcome } = got;
          const { sameAs, ...comparable } = expected.ok ? expected : { ...expected, sameAs: undefined };
          expect(outcome, `step ${index}: ${JSON.stringify(op)} under ${key}`).toEqual(comparable);
          if (got.ok && transferId !== undefined) {
            const identity = sameAs ?? key;
            if (!got.replayed) firstTransferId.set(key, transferId);
            else expect(transferId).toBe(firstTransferId.get(identity));
          }
        }
        expect(await ledger.balances(userId!)).toEqual(model.balances);
        expect(await ledger.pendingRedemption(userId!)).toBe(model.pending);
        const sums = await entrySumsPerCoin(db, [userId!]);
        for (const total of Object.values(sums)) expect(total).toBe(0);
        for (const account of await auditPlayerAccounts(db, [userId!])) expect(account.cached, account.kind).toBe(account.entries);
      }),
      { numRuns: 30 },
    );
  });
});
