import type { ReferralRewardFilter, ReferralRewardPage, ReferralRewardRow } from '@casino/contracts/admin-referrals';
import { fromHundredths } from '@casino/contracts/money';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { operators, referrals, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/**
 * The referral rewards desk's list (docs/decisions/056): one status at a time, held ones oldest
 * first (the review queue), the others newest first, by (status_at, referred player) through
 * referrals_queue_idx. It is paged by a cursor (the last row's position), not an offset: rewards
 * leave the held list while an operator works through it, and an offset would then skip as many
 * rows as were decided.
 */
const CURSOR_MESSAGE = 'This page cursor is not valid. Open the list from its first page.';

/** The cursor carries status_at to the microsecond, as PostgreSQL stores it (a Date keeps milliseconds). */
function encodeCursor(statusAt: string, referredUserId: number): string {
  return Buffer.from(`${statusAt}|${referredUserId}`).toString('base64url');
}

function decodeCursor(cursor: string): { statusAt: string; referredUserId: number } {
  const [statusAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(statusAt) || !/^\d{1,15}$/.test(id)) {
    throw new AppError('RequestInputValidation', CURSOR_MESSAGE, { issues: [{ field: 'querystring.after', message: CURSOR_MESSAGE }] });
  }
  return { statusAt, referredUserId: Number(id) };
}

const coins = (gc: number, sc: number) => ({ gc: fromHundredths(gc), sc: fromHundredths(sc) });

export async function listReferralRewards(
  db: Database,
  query: { status: ReferralRewardFilter; limit: number; after?: string | undefined },
): Promise<ReferralRewardPage> {
  const referrer = alias(users, 'referrer');
  const friend = alias(users, 'friend');
  const oldestFirst = query.status === 'held';
  const position = sql`(${referrals.statusAt}, ${referrals.referredUserId})`;
  let after: SQL | undefined;
  if (query.after) {
    const cursor = decodeCursor(query.after);
    const from = sql`(${cursor.statusAt}::timestamptz, ${cursor.referredUserId}::bigint)`;
    after = oldestFirst ? sql`${position} > ${from}` : sql`${position} < ${from}`;
  }
  const order = oldestFirst
    ? [asc(referrals.statusAt), asc(referrals.referredUserId)]
    : [desc(referrals.statusAt), desc(referrals.referredUserId)];
  const rows = await db
    .select({
      referral: referrals,
      position: sql<string>`to_char(${referrals.statusAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      referrerUsername: referrer.username,
      friendUsername: friend.username,
      decidedBy: operators.email,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(friend, eq(friend.id, referrals.referredUserId))
    .leftJoin(operators, eq(operators.id, referrals.decidedBy))
    .where(and(eq(referrals.status, query.status), after))
    .orderBy(...order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ referral: row, referrerUsername, friendUsername, decidedBy }): ReferralRewardRow => {
      const gc = row.rewardGc ?? 0;
      const sc = row.rewardSc ?? 0;
      const reversed = row.status === 'reversed';
      // A held reward reversed before it was paid took nothing back and left nothing behind.
      const taken = row.reversalTransferId === null ? { gc: 0, sc: 0 } : { gc: row.reversalGc ?? 0, sc: row.reversalSc ?? 0 };
      const owed = row.reversalTransferId === null ? { gc: 0, sc: 0 } : { gc: gc - taken.gc, sc: sc - taken.sc };
      return {
        referredUserId: row.referredUserId,
        referredUsername: friendUsername,
        referrerUserId: row.referrerUserId,
        referrerUsername,
        status: row.status,
        holdReasons: row.holdReasons as ReferralRewardRow['holdReasons'],
        ...coins(gc, sc),
        purchaseId: row.rewardIntentId,
        joinedAt: row.createdAt.toISOString(),
        statusAt: row.statusAt.toISOString(),
        decidedBy,
        decisionReason: row.decisionReason,
        reversalKind: row.reversalKind,
        takenBack: reversed ? coins(taken.gc, taken.sc) : null,
        notTakenBack: reversed ? coins(owed.gc, owed.sc) : null,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.position, last.referral.referredUserId) : null,
  };
}
