import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { signWalletRequest, WALLET_SIGNATURE_HEADER, WALLET_TIMESTAMP_HEADER } from '../rgs/wallet-signature.js';
import { countOutcome, type StormBook } from './storm-book.js';
import { StormHttp, type Reply, type TrafficStats } from './storm-http.js';

/**
 * The storm's players and the outside aggregator, each operation through the public HTTP APIs
 * behind the load balancer, as a browser, a game page or a game server calls them. Every
 * operation that moves money carries its idempotency key (a wallet transaction id, a round's
 * requestId, a purchase's merchantRefNum) and is retried with it; some answered calls are sent
 * again on purpose, to the same or the other process, at once or later, and must answer as the
 * first time and move nothing.
 */
export interface StormContext {
  baseUrl: string;
  gameServerSecret: string;
  /** Server process names in the balancer (pin targets). */
  backends: string[];
  /** casino_games ids the aggregator reports rounds for. */
  aggregatorGameIds: number[];
  inHouseGameId: number;
  packages: { id: number; amount: number }[];
  book: StormBook;
  stats: TrafficStats;
}

export interface StormPlayer {
  userId: number;
  email: string;
  browser: StormHttp;
  gameSessions: Partial<Record<Coin, { token: string; bet: number } | null>>;
  aggregatorRounds: number;
  openRedemptions: number[];
}

type Coin = 'GC' | 'SC';
type WalletMove = { transactionId: string; coin: Coin; balanceBefore: number; balance: number; replayed: boolean };

const chance = (percent: number) => randomInt(100) < percent;
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const answerOf = (reply: Reply<unknown> | undefined) => (reply === undefined ? 'unanswered' : reply.error ? reply.error.name : 'ok');

export function newPlayer(ctx: StormContext, userId: number, email: string, sessionCookie: string): StormPlayer {
  const browser = new StormHttp(ctx.baseUrl, ctx.stats, { origin: new URL(ctx.baseUrl).origin, cookie: sessionCookie });
  return { userId, email, browser, gameSessions: {}, aggregatorRounds: 0, openRedemptions: [] };
}

function aggregator(ctx: StormContext): StormHttp {
  return new StormHttp(ctx.baseUrl, ctx.stats);
}

/** A signed seamless-wallet call, signed again at every attempt (the signature expires, the body does not change). */
export function walletCall(ctx: StormContext, action: 'bet' | 'win' | 'rollback', payload: object, pin?: string) {
  return aggregator(ctx).send<WalletMove>({
    path: `/rgs/wallet/${action}`,
    body: payload,
    pin,
    headers: (path, body) => {
      const timestamp = Date.now();
      return {
        [WALLET_TIMESTAMP_HEADER]: String(timestamp),
        [WALLET_SIGNATURE_HEADER]: signWalletRequest(ctx.gameServerSecret, { timestamp, method: 'POST', path, body }),
      };
    },
  });
}

function sameMove(first: WalletMove, again: WalletMove | undefined): boolean {
  return (
    again !== undefined &&
    again.replayed &&
    again.transactionId === first.transactionId &&
    again.coin === first.coin &&
    again.balanceBefore === first.balanceBefore &&
    again.balance === first.balance
  );
}

/**
 * One wallet call of the aggregator: counted, acknowledged when answered, and sometimes sent
 * again (later, or twice at the same moment to two processes), which must answer the first result.
 */
async function reportToWallet(
  ctx: StormContext,
  action: 'bet' | 'win' | 'rollback',
  payload: { transactionId: string; [field: string]: unknown },
) {
  ctx.book.operations += 1;
  let reply: Reply<WalletMove> | undefined;
  if (chance(3) && ctx.backends.length > 1) {
    // The same call sent to two processes at once: one moves the coins, the other answers it.
    const [left, right] = await Promise.all(ctx.backends.slice(0, 2).map((pin) => walletCall(ctx, action, payload, pin)));
    ctx.book.replays += 1;
    reply = left;
    if (left?.data && right?.data) {
      const [moved, repeated] = left.data.replayed ? [right.data, left.data] : [left.data, right.data];
      if (!sameMove(moved, repeated)) ctx.book.replayMismatches.push(`concurrent ${action} ${payload.transactionId}`);
    } else if (left?.error?.name !== right?.error?.name) {
      ctx.book.replayMismatches.push(`concurrent ${action} ${payload.transactionId}: ${answerOf(left)} / ${answerOf(right)}`);
    }
  } else {
    reply = await walletCall(ctx, action, payload);
    if (reply?.data && chance(15)) {
      ctx.book.replays += 1;
      const again = await walletCall(ctx, action, payload, pick(ctx.backends));
      if (!sameMove(reply.data, again?.data)) {
        ctx.book.replayMismatches.push(
          `${action} ${payload.transactionId}: ${JSON.stringify(reply.data)} then ${JSON.stringify(again?.data)}`,
        );
      }
    }
  }
  countOutcome(ctx.book, `wallet.${action}`, answerOf(reply));
  if (reply?.data) ctx.book.acknowledgedWalletTransactions.push(payload.transactionId);
  return reply;
}

/**
 * A round of an outside game: one or two bets, then a win (zero for a loss), a rollback of every
 * bet, or a rollback of the last bet and a win; now and then the rollback arrives before its bet.
 * Every round ends closed: its closing call is retried until answered.
 */
export async function aggregatorRound(ctx: StormContext, player: StormPlayer): Promise<void> {
  player.aggregatorRounds += 1;
  const roundId = `agg-${player.userId}-${player.aggregatorRounds}`;
  const coin: Coin = chance(60) ? 'GC' : 'SC';
  const round = { userId: player.userId, gameId: pick(ctx.aggregatorGameIds), roundId };
  const stake = () => (coin === 'GC' ? randomInt(100, 5_000) : randomInt(10, 200)) / 100;

  if (chance(5)) {
    // The rollback overtakes its bet: recorded, nothing moves, and the bet is refused when it comes.
    await reportToWallet(ctx, 'rollback', { ...round, transactionId: `${roundId}-rb1`, betTransactionId: `${roundId}-bet1` });
    await reportToWallet(ctx, 'bet', { ...round, transactionId: `${roundId}-bet1`, coin, amount: stake() });
    return;
  }

  const taken: { transactionId: string; amount: number }[] = [];
  for (let n = 1; n <= (chance(25) ? 2 : 1); n += 1) {
    const bet = { ...round, transactionId: `${roundId}-bet${n}`, coin, amount: stake() };
    const reply = await reportToWallet(ctx, 'bet', bet);
    if (reply?.data) taken.push(bet);
    // Never answered: as a game server does, reverse it (a rollback blocks a bet still on its way).
    if (!reply)
      await reportToWallet(ctx, 'rollback', { ...round, transactionId: `${bet.transactionId}-rb`, betTransactionId: bet.transactionId });
  }
  if (taken.length === 0) return;

  const style = randomInt(100);
  if (style < 20) {
    for (const bet of taken) {
      await reportToWallet(ctx, 'rollback', { ...round, transactionId: `${bet.transactionId}-rb`, betTransactionId: bet.transactionId });
    }
    return;
  }
  if (style < 30) {
    const last = taken.pop()!;
    await reportToWallet(ctx, 'rollback', { ...round, transactionId: `${last.transactionId}-rb`, betTransactionId: last.transactionId });
    if (taken.length === 0) return;
  }
  // At most three times the bets the round kept: well within any game's win limit.
  const total = taken.reduce((sum, bet) => sum + Math.round(bet.amount * 100), 0);
  const win = chance(45) ? 0 : randomInt(1, total * 3);
  await reportToWallet(ctx, 'win', { ...round, transactionId: `${roundId}-win`, coin, amount: win / 100 });
}

/** Opens (once per coin) a game session from a launch token, as the lobby and the game page do. */
async function gameSession(ctx: StormContext, player: StormPlayer, coin: Coin): Promise<{ token: string; bet: number } | null> {
  const known = player.gameSessions[coin];
  if (known !== undefined) return known;
  const launch = await player.browser.send<{ gameUrl: string }>({
    path: 'casino-games/launch-game',
    body: { coin, gameId: ctx.inHouseGameId, isDemo: false, isMobile: false },
  });
  const launchToken = launch?.data ? /#launch=(.+)$/.exec(launch.data.gameUrl)?.[1] : undefined;
  if (!launchToken) return null;
  const opened = await new StormHttp(ctx.baseUrl, ctx.stats, { origin: new URL(ctx.baseUrl).origin }).send<{
    sessionToken: string;
    game: { betSteps: number[] };
  }>({ path: '/rgs/api/sessions', body: { launchToken } });
  const session = opened?.data ? { token: opened.data.sessionToken, bet: opened.data.game.betSteps[0]! } : null;
  player.gameSessions[coin] = session;
  return session;
}

type RoundResult = { roundId: number; win: number; balanceAfter: number };

export function playRound(ctx: StormContext, sessionToken: string, requestId: string, bet: number, deadlineMs?: number) {
  return new StormHttp(ctx.baseUrl, ctx.stats, { origin: new URL(ctx.baseUrl).origin, 'x-game-session': sessionToken }).send<RoundResult>({
    path: '/rgs/api/rounds',
    body: { bet, requestId },
    deadlineMs,
  });
}

/** A round of an in-house game (the game server calls the wallet in process); retried with its requestId. */
export async function inHouseRound(ctx: StormContext, player: StormPlayer): Promise<void> {
  const session = await gameSession(ctx, player, chance(65) ? 'GC' : 'SC');
  if (!session) {
    countOutcome(ctx.book, 'rgs.launch', 'failed');
    return;
  }
  ctx.book.operations += 1;
  const requestId = randomUUID();
  const reply = await playRound(ctx, session.token, requestId, session.bet);
  countOutcome(ctx.book, 'rgs.round', answerOf(reply));
  if (reply?.data) {
    ctx.book.acknowledgedRounds.push({ sessionToken: session.token, requestId, ...reply.data });
    if (chance(10)) {
      ctx.book.replays += 1;
      const again = await playRound(ctx, session.token, requestId, session.bet);
      const same = again?.data && again.data.roundId === reply.data.roundId && again.data.win === reply.data.win;
      if (!same || again.data?.balanceAfter !== reply.data.balanceAfter) {
        ctx.book.replayMismatches.push(
          `round ${requestId}: ${JSON.stringify(reply.data)} then ${JSON.stringify(again?.data ?? again?.error)}`,
        );
      }
    }
  } else if (reply === undefined || reply.error?.name === 'RoundInProgress' || reply.error?.name === 'ServiceUnavailable') {
    // A crash took the round's process: its outcome is the recovery job's to decide.
    ctx.book.unsettledRounds.push({ sessionToken: session.token, requestId, bet: session.bet });
  }
}

/** Google Pay's token as the payment sheet hands it over (the sandbox reads card and last four from it). */
function googlePayToken(): string {
  const random = () => randomBytes(12).toString('base64');
  return JSON.stringify({
    signature: random(),
    intermediateSigningKey: { signedKey: random(), signatures: [random()] },
    protocolVersion: 'ECv2',
    signedMessage: JSON.stringify({ encryptedMessage: 'VISA-1111', ephemeralPublicKey: random(), tag: random() }),
  });
}

/**
 * A purchase by Google Pay (its token is self-contained, so any process can charge it): init-pay,
 * then create-instrument retried with the same merchantRefNum; when an earlier attempt already
 * claimed the intent, the payment status says how it ended.
 */
export async function purchase(ctx: StormContext, player: StormPlayer, pkg = pick(ctx.packages)): Promise<void> {
  const init = await player.browser.send<{ paymentData: { merchantRefNum: string } }>({
    path: 'payment/init-pay',
    body: { amount: pkg.amount / 100, packageId: pkg.id, paymentType: 'deposit', providerType: 'FINIX' },
  });
  const merchantRefNum = init?.data?.paymentData.merchantRefNum;
  if (!merchantRefNum) {
    countOutcome(ctx.book, 'payment.init', answerOf(init));
    return;
  }
  ctx.book.operations += 1;
  const charge = {
    type: 'GOOGLE_PAY',
    token: googlePayToken(),
    merchantRefNum,
    amount: pkg.amount / 100,
    packageId: pkg.id,
    isSaveCard: false,
  };
  const reply = await player.browser.send<{ state: string }>({ path: 'payment/finix/create-instrument', body: charge });
  let state = reply?.data?.state ?? answerOf(reply);
  if (reply?.error?.name === 'PaymentAlreadyProcessed' && reply.attempts > 1) {
    // Our own earlier attempt got through before the answer was lost.
    const status = await player.browser.send<{ status: number }>({
      method: 'GET',
      path: `payment/status?providerType=FINIX&paymentReference=${merchantRefNum}`,
    });
    state = status?.data?.status === 1 ? 'SUCCEEDED' : `status ${status?.data?.status ?? answerOf(status)}`;
  }
  countOutcome(ctx.book, 'payment.purchase', state);
  if (state === 'SUCCEEDED') ctx.book.acknowledgedPurchases.push(merchantRefNum);
  if (reply?.data && chance(20)) {
    ctx.book.replays += 1;
    const again = await player.browser.send({ path: 'payment/finix/create-instrument', body: charge, pin: pick(ctx.backends) });
    if (again?.error?.name !== 'PaymentAlreadyProcessed') ctx.book.replayMismatches.push(`purchase ${merchantRefNum}: ${answerOf(again)}`);
  }
}

/**
 * A redemption to an e-wallet (a '+fail' address makes the payout fail and the coins come back),
 * or the cancel of an open one. A request has no idempotency key in this API, so an unanswered
 * request is not sent again (a retry would be a second request); a cancel is safe to repeat.
 */
export async function redemption(ctx: StormContext, player: StormPlayer): Promise<void> {
  ctx.book.operations += 1;
  const open = player.openRedemptions.pop();
  if (open !== undefined && chance(60)) {
    const body = { withdrawRequestId: open };
    const reply = await player.browser.send({ method: 'PUT', path: 'payment/redeem-request', body });
    countOutcome(ctx.book, 'redeem.cancel', answerOf(reply));
    if (reply && !reply.error && chance(30)) {
      ctx.book.replays += 1;
      const again = await player.browser.send({ method: 'PUT', path: 'payment/redeem-request', body, pin: pick(ctx.backends) });
      if (again?.error?.name !== 'RedeemNotCancellable') ctx.book.replayMismatches.push(`cancel ${open}: ${answerOf(again)}`);
    }
    return;
  }
  const [local, domain] = player.email.split('@');
  const reply = await player.browser.send<{ withdrawRequestId: number | null }>({
    path: 'payment/redeem-request',
    body: { amount: randomInt(1, 4), actionableEmail: chance(20) ? `${local}+fail@${domain}` : player.email },
    deadlineMs: 0,
  });
  countOutcome(ctx.book, 'redeem.request', answerOf(reply));
  const id = reply?.data?.withdrawRequestId;
  if (id) {
    ctx.book.acknowledgedRedemptions.push(id);
    player.openRedemptions.push(id);
  }
}

export type BonusKind = 'welcome' | 'daily' | 'spin';
const ALREADY_CLAIMED = { welcome: 'BonusAlreadyClaimed', daily: 'BonusAlreadyClaimed', spin: 'SpinWheelAlreadyClaimed' } as const;
const BONUS_REASON = { welcome: 'welcome_bonus', daily: 'daily_bonus', spin: 'spin_wheel' } as const;

/** A bonus claim sent to two processes at once (a double click): exactly one may credit. */
export async function claimBonus(ctx: StormContext, player: StormPlayer, kind: BonusKind): Promise<void> {
  ctx.book.operations += 1;
  const call =
    kind === 'spin'
      ? { method: 'GET' as const, path: 'spinWheelConfiguration/updateWallet' }
      : { path: kind === 'welcome' ? 'bonus/welcome-bonus' : 'bonus/daily-bonus' };
  const replies = await Promise.all(ctx.backends.map((pin) => player.browser.send({ ...call, pin })));
  ctx.book.replays += replies.length - 1;
  const credited = replies.filter((reply) => reply && !reply.error).length;
  const refused = replies.filter((reply) => reply?.error?.name === ALREADY_CLAIMED[kind]).length;
  // Both 'already claimed': the credit's answer was lost with a killed process; the database must hold it.
  countOutcome(ctx.book, `bonus.${kind}`, credited === 1 ? 'credited once' : `credited ${credited} times, ${refused} refused`);
  if (credited > 1) ctx.book.replayMismatches.push(`${kind} bonus of ${player.userId} credited ${credited} times`);
  if (credited + refused === replies.length) ctx.book.claimedBonuses.push({ userId: player.userId, reason: BONUS_REASON[kind] });
}
