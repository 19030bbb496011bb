import { fromHundredths } from '@casino/contracts/money';
import type { PlayerDetail, PlayerSearchRow } from '@casino/contracts/admin';
import { BILLING_COUNTRY_ID, BILLING_COUNTRY_NAME } from '@casino/contracts/billing';
import { and, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import {
  casinoGames,
  kycSessions,
  paymentIntents,
  playerBlocks,
  playerRestrictions,
  redemptionFlags,
  redemptions,
  responsiblePlayExclusions,
  responsiblePlayLimits,
  rgsRounds,
  sessions,
  users,
} from '../../db/schema/index.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { limitInForce } from '../../kernel/responsible-play/limit-in-force.js';
import { usStates } from '../billing/us-places.js';

/**
 * The players desk's reads. Each list is one indexed query, newest first, paged:
 * search uses the primary key, the phone prefix index and the trigram indexes of migration 0132;
 * a player's rounds, purchases and redemptions their (user_id, created_at) indexes. Money leaves
 * as decimals. The ledger is read only through its public interface (balances, history).
 */
export interface Page {
  page: number;
  limit: number;
}

const offset = ({ page, limit }: Page) => (page - 1) * limit;

/** LIKE pattern with the query's own wildcards escaped. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Whether the player exists; with `lock`, their row is locked until the transaction ends (the desk's actions on one player queue). */
export async function playerExists(executor: DbExecutor, userId: number, lock?: 'lock'): Promise<boolean> {
  const query = executor.select({ id: users.id }).from(users).where(eq(users.id, userId));
  const rows = lock ? await query.for('update') : await query;
  return rows.length > 0;
}

/** The player's sessions that have not ended or expired. */
export async function openSessionCount(executor: DbExecutor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return Number(row?.value ?? 0);
}

const SESSIONS_SHOWN = 20;
const EXCLUSIONS_SHOWN = 20;

export function createPlayerQueries(
  db: Database,
  ledger: Pick<LedgerService, 'balances' | 'pendingRedemption' | 'history'>,
  config: Config,
) {
  const restricted = sql<boolean>`exists (select 1 from ${playerRestrictions} where ${playerRestrictions.userId} = ${users.id} and ${playerRestrictions.action} = 'redeem')`;
  const blocked = sql<boolean>`exists (select 1 from ${playerBlocks} where ${playerBlocks.userId} = ${users.id})`;

  return {
    /** By id, username, e-mail or phone: digits match the id or the start of a phone number; text part of a name or an e-mail. */
    async search(q: string, paging: Page): Promise<{ rows: PlayerSearchRow[]; count: number }> {
      const text = q.trim().toLowerCase();
      const digits = text.replace(/[\s()+.-]/g, '');
      const matches: SQL[] = [];
      if (/^\d+$/.test(digits)) {
        if (digits.length <= 15) matches.push(eq(users.id, Number(digits)));
        // Phones are kept as national digits; '+1 212…' and '1212…' find '212…'.
        const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
        matches.push(sql`${users.phone} like ${`${escapeLike(national)}%`}`);
      }
      const pattern = `%${escapeLike(text)}%`;
      matches.push(sql`lower(${users.username}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`);
      const where = or(...matches);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            userId: users.id,
            username: users.username,
            email: users.email,
            phone: users.phone,
            kycStatus: users.kycStatus,
            createdAt: users.createdAt,
            restricted,
            blocked,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .limit(paging.limit)
          .offset(offset(paging)),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row,
          restricted: Boolean(row.restricted),
          blocked: Boolean(row.blocked),
          createdAt: row.createdAt.toISOString(),
        })),
        count: Number(total?.value ?? 0),
      };
    },

    async detail(userId: number): Promise<PlayerDetail | null> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      const now = Date.now();
      const idleMs = config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
      const [restriction, block, limits, exclusions, sessionRows, lastKyc, balances, pending] = await Promise.all([
        db
          .select()
          .from(playerRestrictions)
          .where(and(eq(playerRestrictions.userId, userId), eq(playerRestrictions.action, 'redeem'))),
        db.select().from(playerBlocks).where(eq(playerBlocks.userId, userId)),
        db.select().from(responsiblePlayLimits).where(eq(responsiblePlayLimits.userId, userId)),
        db
          .select()
          .from(responsiblePlayExclusions)
          .where(eq(responsiblePlayExclusions.userId, userId))
          .orderBy(desc(responsiblePlayExclusions.id))
          .limit(EXCLUSIONS_SHOWN),
        db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(SESSIONS_SHOWN),
        db
          .select({ createdAt: kycSessions.createdAt })
          .from(kycSessions)
          .where(eq(kycSessions.userId, userId))
          .orderBy(desc(kycSessions.id))
          .limit(1),
        ledger.balances(userId),
        ledger.pendingRedemption(userId),
      ]);
      // The profile stores the state's and the country's ids (the billing form's values): an
      // operator reads their names.
      const stateName = user.state ? ((await usStates()).find((state) => String(state.state_id) === user.state)?.name ?? user.state) : null;
      const countryName = user.country === BILLING_COUNTRY_ID ? BILLING_COUNTRY_NAME : user.country;
      const address = [user.addressLine1, user.addressLine2, user.city, stateName, user.zipCode, countryName].filter(Boolean).join(', ');
      return {
        profile: {
          userId: user.id,
          username: user.username,
          email: user.email,
          emailVerified: user.emailVerifiedAt !== null,
          firstName: user.firstName,
          lastName: user.lastName,
          dateOfBirth: user.dateOfBirth,
          phone: user.phone,
          phoneVerified: user.phoneVerified,
          address: address || null,
          signInIp: user.signInIp,
          createdAt: user.createdAt.toISOString(),
        },
        kyc: { status: user.kycStatus, vendorStatus: user.idComplyStatus, lastSessionAt: lastKyc[0]?.createdAt.toISOString() ?? null },
        restriction: restriction[0] ? { reason: restriction[0].reason, since: restriction[0].createdAt.toISOString() } : null,
        block: block[0] ? { reason: block[0].reason, since: block[0].createdAt.toISOString() } : null,
        responsiblePlay: {
          limits: limits.flatMap((row) => {
            const limit = limitInForce(row, new Date(now));
            if (!limit) return [];
            return {
              kind: row.kind,
              amount: fromHundredths(limit.amount),
              since: limit.createdAt.toISOString(),
              pendingAmount: limit.pendingAmount === null ? null : fromHundredths(limit.pendingAmount),
              pendingAt: limit.pendingAt?.toISOString() ?? null,
            };
          }),
          exclusions: exclusions.map((row) => ({
            kind: row.kind,
            period: row.period,
            startsAt: row.startsAt.toISOString(),
            endsAt: row.endsAt?.toISOString() ?? null,
            active: row.startsAt.getTime() <= now && (row.endsAt === null || row.endsAt.getTime() > now),
          })),
        },
        wallet: {
          gc: fromHundredths(balances.gc),
          bsc: fromHundredths(balances.bsc),
          psc: fromHundredths(balances.psc),
          wsc: fromHundredths(balances.wsc),
          pendingRedemption: fromHundredths(pending),
        },
        sessions: sessionRows.map((row) => ({
          sessionId: row.id,
          ip: row.ip,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          endedAt: row.revokedAt?.toISOString() ?? null,
          active: row.revokedAt === null && row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + idleMs > now,
        })),
      };
    },

    async transfers(userId: number, paging: Page) {
      const history = await ledger.history({ userId, page: paging.page, limit: paging.limit });
      return {
        rows: history.rows.map((row) => ({
          transferId: row.transferId,
          reason: row.reason,
          reference: row.reference,
          gc: fromHundredths(row.gc),
          sc: fromHundredths(row.sc),
          createdAt: row.createdAt.toISOString(),
        })),
        count: history.count,
      };
    },

    async rounds(userId: number, paging: Page) {
      const where = eq(rgsRounds.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ round: rgsRounds, game: casinoGames.name })
          .from(rgsRounds)
          .innerJoin(casinoGames, eq(casinoGames.id, rgsRounds.casinoGameId))
          .where(where)
          .orderBy(desc(rgsRounds.createdAt), desc(rgsRounds.id))
          .limit(paging.limit)
          .offset(offset(paging)),
        db.select({ value: count() }).from(rgsRounds).where(where),
      ]);
      return {
        rows: rows.map(({ round, game }) => ({
          roundId: round.id,
          game,
          coin: round.coin,
          bet: fromHundredths(round.bet),
          win: fromHundredths(round.win),
          status: round.status,
          balanceBefore: round.balanceBefore === null ? null : fromHundredths(round.balanceBefore),
          balanceAfter: round.balanceAfter === null ? null : fromHundredths(round.balanceAfter),
          outcome: round.outcome,
          createdAt: round.createdAt.toISOString(),
          settledAt: round.settledAt?.toISOString() ?? null,
        })),
        count: Number(total?.value ?? 0),
      };
    },

    async purchases(userId: number, paging: Page) {
      const where = eq(paymentIntents.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentIntents)
          .where(where)
          .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
          .limit(paging.limit)
          .offset(offset(paging)),
        db.select({ value: count() }).from(paymentIntents).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          purchaseId: row.id,
          merchantRefNum: row.merchantRefNum,
          packageId: row.packageId,
          amount: fromHundredths(row.amount),
          gc: fromHundredths(row.gcCoin),
          sc: fromHundredths(row.scCoin),
          status: row.status,
          paymentMethod: row.paymentMethod,
          provider: row.providerType,
          failureMessage: row.failureMessage,
          createdAt: row.createdAt.toISOString(),
        })),
        count: Number(total?.value ?? 0),
      };
    },

    async redemptions(userId: number, paging: Page) {
      const where = eq(redemptions.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(redemptions)
          .where(where)
          .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
          .limit(paging.limit)
          .offset(offset(paging)),
        db.select({ value: count() }).from(redemptions).where(where),
      ]);
      const flags =
        rows.length === 0
          ? []
          : await db
              .select({ redemptionId: redemptionFlags.redemptionId, reason: redemptionFlags.reason })
              .from(redemptionFlags)
              .where(
                inArray(
                  redemptionFlags.redemptionId,
                  rows.map((row) => row.id),
                ),
              );
      return {
        rows: rows.map((row) => ({
          redemptionId: row.id,
          amount: fromHundredths(row.amount),
          status: row.status,
          method: row.method,
          failureReason: row.failureReason,
          flags: flags.filter((flag) => flag.redemptionId === row.id).map((flag) => flag.reason),
          createdAt: row.createdAt.toISOString(),
          settledAt: row.settledAt?.toISOString() ?? null,
        })),
        count: Number(total?.value ?? 0),
      };
    },
  };
}
