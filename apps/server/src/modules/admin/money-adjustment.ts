import type { AdjustmentAccount, BalanceAdjustmentResponse } from '@casino/contracts/admin-money';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { Balances } from '../../money/ledger/types.js';
import type { AdminRouteKit } from './kit.js';
import { playerExists } from './players-queries.js';

/**
 * The manual coin adjustment: a signed amount into or out of one of the
 * player's accounts, balanced by the house's ADJUSTMENTS account (ledger.adjustBalance), under
 * the player's lock, with its audit record (balances before and after, the reason) and its
 * BalanceAdjusted event (the wallet socket sends the new balance) in the same transaction.
 *
 * The client makes one idempotency key per opened form: the ledger records the transfer under
 * `adjustment:<player>:<key>`, so a double submit or a retry answers the first adjustment and
 * moves nothing (and writes no second audit record); the same key with another account or
 * amount is refused (3011).
 */
export interface AdjustmentInput {
  account: AdjustmentAccount;
  /** Coins with at most two decimals, signed. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

const wire = (balances: Balances) => ({
  gc: fromHundredths(balances.gc),
  bsc: fromHundredths(balances.bsc),
  psc: fromHundredths(balances.psc),
  wsc: fromHundredths(balances.wsc),
});

export function createBalanceAdjustment(ctx: AppContext, kit: AdminRouteKit) {
  return async function adjust(request: FastifyRequest, userId: number, input: AdjustmentInput): Promise<BalanceAdjustmentResponse> {
    const amount = toHundredths(input.amount);
    const operator = kit.operatorOf(request);
    return ctx.bus.run(async ({ tx, record }) => {
      if (!(await playerExists(tx, userId))) throw new AppError('NotFound', 'This player was not found.');
      await ctx.ledger.lockPlayer(tx, userId);
      let moved;
      try {
        moved = await ctx.ledger.adjustBalance(tx, {
          userId,
          account: input.account,
          amount,
          idempotencyKey: `adjustment:${userId}:${input.idempotencyKey}`,
          reference: `operator:${operator.operatorId}`,
          details: { operatorId: operator.operatorId, reason: input.reason },
        });
      } catch (error) {
        if (error instanceof AppError && error.errorName === 'InsufficientBalance') throw new AppError('AdjustmentBelowZero');
        throw error;
      }
      const result = {
        transferId: moved.transferId,
        replayed: moved.replayed,
        before: wire(moved.balancesBefore),
        after: wire(moved.balancesAfter),
      };
      if (moved.replayed) return result;
      await record({ type: 'BalanceAdjusted', payload: { userId, account: input.account, amount, transferId: moved.transferId } });
      await kit.audit(tx, request, {
        action: 'player.balance.adjust',
        targetType: 'player',
        targetId: String(userId),
        before: { balances: result.before },
        after: { balances: result.after, account: input.account, amount: input.amount, transferId: moved.transferId },
        reason: input.reason,
      });
      return result;
    });
  };
}
