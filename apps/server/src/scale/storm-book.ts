/**
 * What the storm's clients saw, kept to compare with the database afterwards: how each kind of
 * operation was answered, the answers the server acknowledged (they must be in the database),
 * the calls whose outcome a crash left unknown (sent again after recovery), and the replays whose
 * answer differed from the first one (there must be none).
 */
export interface AcknowledgedRound {
  sessionToken: string;
  requestId: string;
  roundId: number;
  win: number;
  balanceAfter: number;
}

export interface StormBook {
  /** `<operation> <answer>`, e.g. 'wallet.bet ok', 'rgs.round InsufficientBalance'. */
  outcomes: Record<string, number>;
  /** Money operations sent (first attempts; retries and deliberate replays not counted). */
  operations: number;
  /** Deliberate replays of an answered call (same key), and concurrent duplicates. */
  replays: number;
  replayMismatches: string[];
  /** Wallet API transaction ids answered 200. */
  acknowledgedWalletTransactions: string[];
  acknowledgedRounds: AcknowledgedRound[];
  /** In-house rounds whose outcome is unknown (no answer, or 'still being played'). */
  unsettledRounds: { sessionToken: string; requestId: string; bet: number }[];
  /** merchantRefNums answered SUCCEEDED. */
  acknowledgedPurchases: string[];
  /** Redemption ids the server answered with. */
  acknowledgedRedemptions: number[];
  /** Bonus claims answered on every process (credited, or already claimed): each must be credited exactly once. */
  claimedBonuses: { userId: number; reason: string }[];
}

export function newStormBook(): StormBook {
  return {
    outcomes: {},
    operations: 0,
    replays: 0,
    replayMismatches: [],
    acknowledgedWalletTransactions: [],
    acknowledgedRounds: [],
    unsettledRounds: [],
    acknowledgedPurchases: [],
    acknowledgedRedemptions: [],
    claimedBonuses: [],
  };
}

export function countOutcome(book: StormBook, operation: string, answer: string): void {
  const key = `${operation} ${answer}`;
  book.outcomes[key] = (book.outcomes[key] ?? 0) + 1;
}

/** The outcomes summed per operation ('wallet.bet': 812, ...). */
export function operationsByKind(book: StormBook): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [key, count] of Object.entries(book.outcomes)) {
    const kind = key.split(' ')[0]!;
    totals[kind] = (totals[kind] ?? 0) + count;
  }
  return totals;
}
