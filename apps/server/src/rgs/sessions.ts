import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rgsGameSessions, sessions } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import type { Coin } from '../money/ledger/types.js';
import { textArray } from '../db/array-literals.js';
import { createBatches } from '../lib/batches.js';
import { hashToken, randomToken } from '../lib/tokens.js';
import { latestDecisionColumn, type LocationDecision } from '../kernel/location-gate/gate.js';
import { verifyLaunchToken } from './launch-token.js';
import { getTitle, type GameTitle } from './math/index.js';

/**
 * Game sessions: a game page trades its launch token (short-lived, signed, one use) for a session
 * token bound to one player, one game and one coin. The session token is random, held only by
 * the page (in memory) and stored only as a hash. A game session also belongs to the login
 * session that launched it and ends with it: after a logout or a password reset, an open game
 * frame can no longer bet.
 */
export const GAME_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface GameSession {
  id: number;
  userId: number;
  casinoGameId: number;
  title: GameTitle;
  coin: Coin;
  /** The login session that launched the game (its location checks are the ones that count). */
  casinoSessionId: number;
}

export interface GameSessionService {
  open(launchToken: string): Promise<{ token: string; session: GameSession }>;
  resolve(token: string | undefined): Promise<GameSession>;
  /**
   * The session of a bet, with its login session's latest location decision for the gate (null
   * when it has none). Read once and then kept for the page's next bets (`cached`), unless
   * `fresh`: what can change since (the login session ended, a newer location decision) is
   * checked by the round's own statement (money/functions/rgs_bet_guard.sql).
   */
  resolveForBet(token: string | undefined, options?: { fresh?: boolean }): Promise<BetSession>;
}

export interface BetSession {
  session: GameSession;
  location: LocationDecision | null;
  /** Read from what this process kept of an earlier bet's read, not from the database now. */
  cached: boolean;
}

/** Game sessions this process keeps for their pages' next bets; the oldest read goes first. */
export const KEPT_BET_SESSIONS = 20_000;

export function createGameSessionService(db: Database, secret: string): GameSessionService {
  /** Not revoked (logout, password reset) and not past its absolute expiry. */
  async function loginSessionIsLive(sessionId: number): Promise<boolean> {
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return live !== undefined;
  }

  // One read (every call of the game page makes it): the game session and whether its login
  // session is live; for a bet, also that login session's latest location decision. Built and
  // prepared once (docs/decisions/064): a round is a few statements and this is one of them.
  // By a list of token hashes (one parameter, one text whatever its length): the reads of bets
  // that arrive together go as one statement (docs/decisions/065-game-round-speed.md).
  function resolveQuery(name: string, withLocation: boolean) {
    return db
      .select({
        tokenHash: rgsGameSessions.tokenHash,
        id: rgsGameSessions.id,
        userId: rgsGameSessions.userId,
        casinoGameId: rgsGameSessions.casinoGameId,
        titleId: rgsGameSessions.titleId,
        coin: rgsGameSessions.coin,
        casinoSessionId: rgsGameSessions.casinoSessionId,
        expiresAt: rgsGameSessions.expiresAt,
        liveLoginSession: sessions.id,
        location: withLocation ? latestDecisionColumn(rgsGameSessions.casinoSessionId, rgsGameSessions.userId) : sql<null>`null`,
      })
      .from(rgsGameSessions)
      .leftJoin(
        sessions,
        and(eq(sessions.id, rgsGameSessions.casinoSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
      )
      .where(sql`${rgsGameSessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
      .prepare(name);
  }
  type Found = Awaited<ReturnType<ReturnType<typeof resolveQuery>['execute']>>[number];
  const sessionQuery = resolveQuery('rgs_game_session_resolve', false);
  const betQuery = resolveQuery('rgs_game_session_resolve_bet', true);

  async function find(query: typeof sessionQuery, tokenHashes: readonly string[]): Promise<Map<string, Found>> {
    const rows = await query.execute({ tokenHashes: textArray(tokenHashes), now: new Date() });
    return new Map(rows.map((row) => [row.tokenHash, row]));
  }

  // Bets that arrive together read their sessions in one statement; the same token twice in a
  // batch (two rounds of one page) is one hash looked up once.
  const findForBet = createBatches<string, Found | undefined>(async (batch) => {
    const found = await find(betQuery, [...new Set(batch.map((one) => one.item))]);
    for (const one of batch) one.resolve(found.get(one.item));
  });

  // What the last read of each page's session found (by token hash), for its next bets. A game
  // session's own columns never change; its login session's liveness and latest location decision
  // can, and every round's statement checks them again (docs/decisions/065-game-round-speed.md).
  const kept = new Map<string, Found>();
  function keep(tokenHash: string, found: Found): void {
    kept.delete(tokenHash);
    kept.set(tokenHash, found);
    if (kept.size > KEPT_BET_SESSIONS) kept.delete(kept.keys().next().value!);
  }

  function sessionOf(found: Found | undefined) {
    if (!found || found.expiresAt.getTime() <= Date.now()) throw new AppError('GameSessionInvalid');
    if (found.casinoSessionId === null || found.liveLoginSession === null) throw new AppError('GameSessionInvalid');
    const title = getTitle(found.titleId);
    if (!title) throw new AppError('GameNotFound');
    const session: GameSession = {
      id: found.id,
      userId: found.userId,
      casinoGameId: found.casinoGameId,
      title,
      coin: found.coin,
      casinoSessionId: found.casinoSessionId,
    };
    return { session, location: found.location };
  }

  return {
    async open(launchToken) {
      const check = verifyLaunchToken(secret, launchToken);
      if (!check.ok) throw new AppError('GameLaunchTokenInvalid');
      const { claims } = check;
      const title = getTitle(claims.identifier);
      if (!title) throw new AppError('GameNotFound');
      if (!(await loginSessionIsLive(claims.sessionId))) throw new AppError('GameSessionInvalid');
      const token = randomToken();
      const [row] = await db
        .insert(rgsGameSessions)
        .values({
          tokenHash: hashToken(token),
          launchId: claims.jti,
          userId: claims.userId,
          casinoGameId: claims.gameId,
          titleId: title.id,
          coin: claims.coin,
          casinoSessionId: claims.sessionId,
          expiresAt: new Date(Date.now() + GAME_SESSION_TTL_MS),
        })
        .onConflictDoNothing({ target: rgsGameSessions.launchId })
        .returning({ id: rgsGameSessions.id });
      // The nonce is already recorded: this launch token has opened its session.
      if (!row) throw new AppError('GameLaunchTokenInvalid', 'This game link was already used. Please open the game again from the lobby.');
      return {
        token,
        session: {
          id: row.id,
          userId: claims.userId,
          casinoGameId: claims.gameId,
          title,
          coin: claims.coin,
          casinoSessionId: claims.sessionId,
        },
      };
    },

    async resolve(token) {
      if (!token) throw new AppError('GameSessionInvalid');
      const hash = hashToken(token);
      return sessionOf((await find(sessionQuery, [hash])).get(hash)).session;
    },

    async resolveForBet(token, { fresh = false } = {}) {
      if (!token) throw new AppError('GameSessionInvalid');
      const tokenHash = hashToken(token);
      const known = fresh ? undefined : kept.get(tokenHash);
      if (known) return { ...sessionOf(known), cached: true };
      kept.delete(tokenHash);
      const found = await findForBet(tokenHash);
      const bet = sessionOf(found);
      keep(tokenHash, found!);
      return { ...bet, cached: false };
    },
  };
}
