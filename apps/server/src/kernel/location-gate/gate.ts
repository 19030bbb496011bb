import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import type { DbExecutor } from '../../db/client.js';
import { geolocationChecks, sessions } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { GeolocationModeSetting } from './mode.js';

/** Who asks: the player, the login session and the address the request came from. */
export interface Requester {
  userId: number;
  sessionId: number;
  ip: string;
}

/** A passing result counts for the check interval plus this much, so the INTERVAL check can land. */
export const LOCATION_GRACE_SECONDS = 60;

/**
 * The location gate: game launch, bets, purchases, redemptions, bonus claims
 * and spins need the login session's latest decision to be a pass, younger than the interval
 * plus the grace, made from the address the request comes from. In monitor mode the same
 * decision is made and logged, and nothing is refused. The mode is the site configuration's
 * (mode.ts), read from memory.
 */
export interface LocationGate {
  /** preHandler for a route, after requireUser (it reads request.user and request.ip). */
  requirePass: preHandlerAsyncHookHandler;
  /** The same check for services; inside an action's own transaction pass its `tx` (PGlite has one connection). */
  assertPass(requester: Requester, executor?: DbExecutor): Promise<void>;
  /** The same check of a decision the caller read in its own query (`latestDecisionColumn`). */
  assertPassOf(latest: LocationDecision | null, requester: Requester): void;
}

/** A login session's latest decision, as the gate judges it. */
export interface LocationDecision {
  /** The check's id: a later decision of the session has a greater one. */
  id: number;
  result: 'allowed' | 'blocked';
  ip: string;
  /** When it was made, in milliseconds since the epoch. */
  at: number;
}

/**
 * The login session's latest decision as a column of the caller's own query (null when it has
 * none): a route that reads its session anyway, as the game server's round route does, then makes
 * one read per bet instead of two (docs/decisions/065-game-round-speed.md). Served by
 * geolocation_checks_session_idx. `sessionId` and `userId` are parameters or columns the SQL
 * names with their table: Drizzle writes a one-table query's columns bare, and a bare `id` inside
 * this subquery would be the check's own.
 */
export function latestDecisionColumn(sessionId: SQLWrapper, userId: SQLWrapper): SQL<LocationDecision | null> {
  return sql<LocationDecision | null>`(
    select json_build_object('id', ${geolocationChecks.id}, 'result', ${geolocationChecks.result}, 'ip', ${geolocationChecks.ip},
      'at', (extract(epoch from ${geolocationChecks.createdAt}) * 1000)::float8)
    from ${geolocationChecks}
    where ${geolocationChecks.sessionId} = ${sessionId} and ${geolocationChecks.userId} = ${userId}
      and ${geolocationChecks.result} in ('allowed', 'blocked')
    order by ${geolocationChecks.createdAt} desc, ${geolocationChecks.id} desc
    limit 1)`;
}

/** A refusal as the AppError it becomes when thrown: the error's name, message and details. */
type Refusal = ConstructorParameters<typeof AppError>;

/**
 * Why the gate refuses a requester whose login session's latest decision is `latest`, if it does.
 * An answer, not an error: in monitor mode nothing is thrown, and an error's stack trace cost a
 * round without a location check 1.6% of the server's CPU (docs/decisions/065-game-round-speed.md).
 */
function refusalOf(latest: LocationDecision | null, requester: Requester, maxAgeMs: number): Refusal | undefined {
  if (!latest) return ['LocationCheckRequired', undefined, { reason: 'missing' }];
  if (latest.result === 'blocked') return ['LocationNotAllowed'];
  if (latest.ip !== requester.ip) {
    return ['LocationCheckRequired', 'Your network changed. Please check your location again.', { reason: 'ip_changed' }];
  }
  if (Date.now() - latest.at > maxAgeMs) {
    return ['LocationCheckRequired', 'Your location check has expired. Please check your location again.', { reason: 'stale' }];
  }
  return undefined;
}

export function createLocationGate(
  db: DbExecutor,
  config: Config,
  log: FastifyBaseLogger,
  mode: Pick<GeolocationModeSetting, 'current'>,
): LocationGate {
  const maxAgeMs = (config.GEOLOCATION_INTERVAL_SECONDS + LOCATION_GRACE_SECONDS) * 1000;

  /**
   * The login session's latest decision, read with the login session's row through the column
   * the round route reads (`latestDecisionColumn`): one copy of the gate's SQL. Built and prepared
   * once for the pool (docs/decisions/064).
   */
  function latestDecision(executor: DbExecutor) {
    return executor
      .select({ latest: latestDecisionColumn(sql.placeholder('sessionId'), sql.placeholder('userId')) })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('sessionId')));
  }
  const latestOnPool = latestDecision(db).prepare('location_gate_latest_decision');

  async function latestOf(executor: DbExecutor, requester: Requester): Promise<LocationDecision | null> {
    const query = executor === db ? latestOnPool : latestDecision(executor);
    const [row] = await query.execute({ sessionId: requester.sessionId, userId: requester.userId });
    return row?.latest ?? null;
  }

  function assertPassOf(latest: LocationDecision | null, requester: Requester): void {
    const refused = refusalOf(latest, requester, maxAgeMs);
    if (!refused) return;
    if (mode.current() === 'enforce') throw new AppError(...refused);
    log.info({ userId: requester.userId, sessionId: requester.sessionId, refusal: refused[0] }, 'location gate (monitor): would refuse');
  }

  async function assertPass(requester: Requester, executor: DbExecutor = db): Promise<void> {
    assertPassOf(await latestOf(executor, requester), requester);
  }

  return {
    async requirePass(request: FastifyRequest) {
      const user = request.user;
      if (!user) throw new AppError('Unauthenticated');
      await assertPass({ userId: user.id, sessionId: user.sessionId, ip: request.ip });
    },
    assertPass,
    assertPassOf,
  };
}
