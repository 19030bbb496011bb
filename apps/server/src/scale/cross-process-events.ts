import { walletEvents, type WalletBalanceEvent } from '@casino/contracts/wallet';
import { io as connect } from 'socket.io-client';
import { PIN_HEADER } from './load-balancer.js';
import { walletCall, type StormContext } from './storm-players.js';

/**
 * Events across processes: a player's /wallet socket, connected through the
 * balancer to one process, hears USER_WALLET_BALANCE for a bet that another process served: the
 * Redis adapter carries it. Answers what went wrong, or null.
 */
export async function balanceEventCrossesProcesses(
  ctx: StormContext,
  observer: { userId: number; cookie: string; rounds: number },
  { socketOn, betOn }: { socketOn: string; betOn: string },
): Promise<string | null> {
  const origin = new URL(ctx.baseUrl).origin;
  const socket = connect(`${ctx.baseUrl}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin, cookie: observer.cookie, [PIN_HEADER]: socketOn },
    reconnection: false,
  });
  const balances: WalletBalanceEvent[] = [];
  const waiters: (() => void)[] = [];
  socket.on(walletEvents.balance, (event: WalletBalanceEvent) => {
    balances.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (test: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!test() && Date.now() < deadline) await new Promise<void>((resolve) => (waiters.push(resolve), setTimeout(resolve, 100)));
    return test();
  };
  try {
    // The balance sent on connect says the socket is up and joined to the player's room.
    if (!(await until(() => balances.length > 0, 10_000))) return `no socket connection through the balancer to ${socketOn}`;
    observer.rounds += 1;
    const round = { userId: observer.userId, gameId: ctx.aggregatorGameIds[0]!, roundId: `observer-${observer.userId}-${observer.rounds}` };
    const bet = await walletCall(ctx, 'bet', { ...round, transactionId: `${round.roundId}-bet`, coin: 'GC', amount: 1.23 }, betOn);
    if (!bet?.data) return `the bet was not taken: ${bet?.error?.name ?? 'no answer'}`;
    if (bet.servedBy !== betOn) return `the bet was served by ${bet.servedBy}, not ${betOn}`;
    const expected = bet.data.balance;
    const heard = await until(() => balances.some((event) => event.gcCoin === expected), 10_000);
    // The round is closed (a loss), so that it is not left open.
    await walletCall(ctx, 'win', { ...round, transactionId: `${round.roundId}-win`, coin: 'GC', amount: 0 }, betOn);
    return heard ? null : `the socket on ${socketOn} did not hear GC ${expected} (heard ${JSON.stringify(balances)})`;
  } finally {
    socket.disconnect();
  }
}
