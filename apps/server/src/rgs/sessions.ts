import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rgsGameSessions, sessions } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import type { Coin } from '../ledger/types.js';
import { hashToken, randomToken } from '../lib/tokens.js';
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
}

export function createGameSessionService(db: Database, secret: string): GameSessionService {
  /** Not revoked (logout, password reset) and not past its absolute expiry. */
  async function loginSessionIsLive(sessionId: number): Promise<boolean> {
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return live !== undefined;
  }

  // One read (every bet makes it): the game session and whether its login session is live. Built
  // and prepared once (docs/decisions/026): a round is a few statements and this is one of them.
  const resolveQuery = db
    .select({
      id: rgsGameSessions.id,
      userId: rgsGameSessions.userId,
      casinoGameId: rgsGameSessions.casinoGameId,
      titleId: rgsGameSessions.titleId,
      coin: rgsGameSessions.coin,
      casinoSessionId: rgsGameSessions.casinoSessionId,
      expiresAt: rgsGameSessions.expiresAt,
      liveLoginSession: sessions.id,
    })
    .from(rgsGameSessions)
    .leftJoin(
      sessions,
      and(eq(sessions.id, rgsGameSessions.casinoSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .where(eq(rgsGameSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('rgs_game_session_resolve');

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
      const [found] = await resolveQuery.execute({ tokenHash: hashToken(token), now: new Date() });
      if (!found || found.expiresAt.getTime() <= Date.now()) throw new AppError('GameSessionInvalid');
      const row = found;
      if (row.casinoSessionId === null || found.liveLoginSession === null) throw new AppError('GameSessionInvalid');
      const title = getTitle(row.titleId);
      if (!title) throw new AppError('GameNotFound');
      return {
        id: row.id,
        userId: row.userId,
        casinoGameId: row.casinoGameId,
        title,
        coin: row.coin,
        casinoSessionId: row.casinoSessionId,
      };
    },
  };
}
