/**
 * Which responsible-play limit is in force (docs/decisions/014-responsible-play.md): a new or
 * lowered limit applies at once; a raise or a removal is stored as pending and counts only once
 * its waiting time has passed. Every reader of a limit row in the server asks this function; the
 * wallet's bet check decides it inside its database statement with
 * money/functions/responsible_play_limit_in_force.sql, and limit-in-force.test.ts proves the two agree.
 */
export interface StoredLimit {
  /** Hundredths. */
  amount: number;
  createdAt: Date;
  /** The waiting raise (hundredths), or null with pendingAt set: a waiting removal. */
  pendingAmount: number | null;
  pendingAt: Date | null;
}

/** The limit at `now`, with a change whose time has passed applied; null once a removal has passed. */
export function limitInForce(row: StoredLimit, now: Date): StoredLimit | null {
  if (row.pendingAt === null || row.pendingAt.getTime() > now.getTime()) {
    return { amount: row.amount, createdAt: row.createdAt, pendingAmount: row.pendingAmount, pendingAt: row.pendingAt };
  }
  if (row.pendingAmount === null) return null;
  return { amount: row.pendingAmount, createdAt: row.pendingAt, pendingAmount: null, pendingAt: null };
}
