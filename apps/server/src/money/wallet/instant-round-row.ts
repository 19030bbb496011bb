/**
 * The in-house game server's round row, written by the wallet in the round's own statement
 * (docs/decisions/065-game-round-speed.md). The game server hands the wallet a typed record of the
 * round; the SQL that writes it is the wallet's, so the game server never builds statement text.
 * The call and the row are one statement, so one transaction with no begin or commit of its own:
 * a failure of either, the row's unique key included, leaves nothing of both.
 */
export interface InstantRoundRow {
  /** The round's id, drawn from rgs_rounds' own sequence before the call (its bet and win carry it). */
  id: number;
  /** The game session the round was played in. */
  sessionId: number;
  /** The game page's id for the request: a repeated request finds its (session, request) key taken. */
  requestId: string;
  titleId: string;
  profileId: string;
  /** The outcome drawn for the round, stored as it is (jsonb). */
  outcome: object;
  createdAt: Date;
  /** The login session the game session belongs to, checked live by rgs_bet_guard. */
  casinoSessionId: number;
  /** The location decision the bet was judged on (0: none was), or null when none was judged. */
  locationCheckId: number | null;
  /**
   * The provably fair seed pair and nonce the outcome was drawn from (docs/decisions/070); the game
   * server gives both for every round, a wallet test that draws nothing may give neither.
   */
  seedPairId: number | null;
  nonce: number | null;
}

/** The row's values as columns of the statement's `played`: name, SQL type and the value of a round. */
export const INSTANT_ROUND_ROW_COLUMNS: readonly (readonly [name: string, type: string, value: (row: InstantRoundRow) => unknown])[] = [
  ['row_id', 'bigint', (row) => row.id],
  ['session_id', 'bigint', (row) => row.sessionId],
  ['request_id', 'text', (row) => row.requestId],
  ['title_id', 'text', (row) => row.titleId],
  ['profile_id', 'text', (row) => row.profileId],
  ['outcome', 'jsonb', (row) => row.outcome],
  ['created_at', 'timestamptz', (row) => row.createdAt.toISOString()],
  ['casino_session_id', 'bigint', (row) => row.casinoSessionId],
  ['location_check_id', 'bigint', (row) => row.locationCheckId],
  ['seed_pair_id', 'bigint', (row) => row.seedPairId],
  ['nonce', 'bigint', (row) => row.nonce],
];

/**
 * Writes the rounds' rows from what the wallet answered (`played.answer`): settled with the
 * balances before the bet and after the win, or refused. A request played before finds its key
 * taken, and the statement, the bet the wallet took again with it, fails whole. Player, game,
 * coin, bet and win are the wallet call's own columns. Each row passes rgs_bet_guard first
 * (money/functions/rgs_bet_guard.sql), which answers true or raises: a login session that ended, or a location
 * decision newer than the one the bet was judged on, fails the statement whole.
 */
export const INSTANT_ROUND_ROW_SQL = `insert into rgs_rounds (id, session_id, request_id, user_id, casino_game_id, title_id, profile_id, coin, bet, win,
    outcome, status, balance_before, balance_after, created_at, settled_at, seed_pair_id, nonce)
  overriding system value
  select row_id, session_id, request_id, user_id, game_id, title_id, profile_id, coin, amount, win_amount, outcome,
    case when answer ? 'error' then 'refused' else 'settled' end,
    (answer #>> '{bet,balanceBefore}')::bigint, (answer #>> '{win,balance}')::bigint,
    created_at, case when answer ? 'error' then null else created_at end, seed_pair_id, nonce
  from played
  where rgs_bet_guard(casino_session_id, user_id, location_check_id)`;
