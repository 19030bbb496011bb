import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { blockOf, blockPlayer, unblockPlayer } from '../auth/player-blocks.js';
import { liftRedemptionRestriction, redeemRestrictionOf, restrictRedemptions } from '../redeem/restrictions.js';
import type { AdminRouteKit } from './kit.js';
import { openSessionCount, playerExists } from './players-queries.js';

/**
 * The players desk's actions: restrict redemptions (what redeem answers with
 * 3079), block (no sign-in; every session and socket ends), end sessions. Each takes a reason and
 * writes its audit record in its own transaction, with the state before and after. The feature
 * that enforces it makes the change: redeem the restriction (redeem/restrictions.ts), auth the
 * block (auth/player-blocks.ts), the session service the ending of sessions.
 *
 * Not here: the manual coin adjustment of the issue, left until the ledger's rewrite lands.
 */
export interface PlayerActions {
  setRestricted(request: FastifyRequest, userId: number, restricted: boolean, reason: string): Promise<{ restricted: boolean }>;
  setBlocked(
    request: FastifyRequest,
    userId: number,
    blocked: boolean,
    reason: string,
  ): Promise<{ blocked: boolean; sessionsEnded: number }>;
  endSessions(request: FastifyRequest, userId: number, reason: string): Promise<{ sessionsEnded: number }>;
}

export function createPlayerActions(ctx: AppContext, kit: AdminRouteKit): PlayerActions {
  async function lockUser(tx: Transaction, userId: number): Promise<void> {
    if (!(await playerExists(tx, userId, 'lock'))) throw new AppError('NotFound', 'This player was not found.');
  }

  /** Ends every session of the player in this transaction; their sockets are cut at once (session service). */
  async function endAll(tx: Transaction, userId: number): Promise<number> {
    const open = await openSessionCount(tx, userId);
    await ctx.sessions.revokeAllForUser(userId, tx);
    return open;
  }

  return {
    async setRestricted(request, userId, restricted, reason) {
      return ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // The player's money lock: a redemption in flight commits before this, or meets the restriction.
        await ctx.ledger.lockPlayer(tx, userId);
        const current = await redeemRestrictionOf(tx, userId);
        if (restricted && !current) await restrictRedemptions(tx, userId, reason);
        if (!restricted && current) await liftRedemptionRestriction(tx, userId);
        await kit.audit(tx, request, {
          action: restricted ? 'player.restrict' : 'player.unrestrict',
          targetType: 'player',
          targetId: String(userId),
          before: { restricted: current !== undefined, reason: current?.reason ?? null },
          after: { restricted, reason: restricted ? (current?.reason ?? reason) : null },
          reason,
        });
        return { restricted };
      });
    },

    async setBlocked(request, userId, blocked, reason) {
      return ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const current = await blockOf(tx, userId);
        let sessionsEnded = 0;
        if (blocked) {
          if (!current) await blockPlayer(tx, { userId, reason, operatorId: kit.operatorOf(request).operatorId });
          sessionsEnded = await endAll(tx, userId);
        } else if (current) {
          await unblockPlayer(tx, userId);
        }
        await kit.audit(tx, request, {
          action: blocked ? 'player.block' : 'player.unblock',
          targetType: 'player',
          targetId: String(userId),
          before: { blocked: current !== undefined, reason: current?.reason ?? null },
          after: { blocked, reason: blocked ? (current?.reason ?? reason) : null, sessionsEnded },
          reason,
        });
        return { blocked, sessionsEnded };
      });
    },

    async endSessions(request, userId, reason) {
      return ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const sessionsEnded = await endAll(tx, userId);
        await kit.audit(tx, request, {
          action: 'player.sessions.end',
          targetType: 'player',
          targetId: String(userId),
          before: { openSessions: sessionsEnded },
          after: { openSessions: 0 },
          reason,
        });
        return { sessionsEnded };
      });
    },
  };
}
