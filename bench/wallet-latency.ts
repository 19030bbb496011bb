// USER_WALLET_BALANCE latency with 5,000 connected players: the time from
// sending a bet (a game round, POST /rgs/api/rounds, as the game page sends it) to the player's
// /wallet socket receiving the USER_WALLET_BALANCE that follows it, p50 and p99, while 5,000
// players are connected to /wallet by their session cookie. The ceiling is bare socket.io on the
// same machine, in the same server process (support/server-process.ts --bare-sockets): 5,000
// clients in /wallet, one room per player, and a bare Fastify route that emits to one player's
// room on request; the same request-to-event time is measured. Both get the same steady stream
// of bets (open loop, `rate` a second, spread over `bettors` players who each have one bet in
// flight at most), alternating, `rounds` times each; medians are printed with the target
// (p99 <= 50 ms). The sockets live in this process (both sets connected throughout), the servers
// in the other. Players and sessions are written directly (no argon2 sign-ups). It asserts nothing.
// Both sets stay connected, so each process holds two descriptors per player (this one the clients,
// the server process both servers' ends). Node raises its own open-files limit to the hard limit;
// when that is below 2 x `sockets` + 1,000 this benchmark starts itself again through
// `sh -c 'ulimit -n …'`, which only a root with CAP_SYS_RESOURCE may do (else raise `ulimit -Hn`).
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/wallet-latency.ts [seconds=10] [rounds=3] [sockets=5000] [rate=50] [bettors=200]
import { spawnSync } from 'node:child_process';
import { walletEvents, type WalletBalanceEvent } from '@casino/contracts/wallet';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { argument, benchDatabaseUrl, machineLine, median, percentile, postgresVersion, ratio, round1, sleep } from './support/figures.js';
import {
  firstSlot,
  fundPlayers,
  openGame,
  playRound,
  request,
  signedInPlayers,
  startServerProcess,
  type BenchPlayer,
  type OpenGame,
} from './support/product.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const rounds = argument(1, 3);
const socketCount = argument(2, 5_000);
const rate = argument(3, 50);
const bettorCount = Math.min(argument(4, 200), socketCount);
const targetP99Ms = 50;
const databaseUrl = benchDatabaseUrl();

// Two sockets per player in each process (product and bare), and some to spare.
const neededFiles = 2 * socketCount + 1_000;
const openFiles = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (Number.isFinite(openFiles) && openFiles < neededFiles) {
  if (process.env.BENCH_ULIMIT_RAISED) throw new Error(`ulimit -n is ${openFiles}; ${neededFiles} needed`);
  console.log(`ulimit -n is ${openFiles}: starting again with ulimit -n ${neededFiles}`);
  const again = spawnSync(
    'sh',
    ['-c', `ulimit -n ${neededFiles} && exec "$@"`, 'sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ULIMIT_RAISED: '1' },
    },
  );
  if (again.status !== 0) console.error(`(if the limit could not be raised: ulimit -Hn ${neededFiles} as root, then run again)`);
  process.exit(again.status ?? 1);
}

console.log(machineLine(await postgresVersion(databaseUrl)));
console.log(`open files per process (ulimit -n): ${openFiles}${process.env.BENCH_ULIMIT_RAISED ? ', raised by this benchmark' : ''}`);
const server = await startServerProcess(databaseUrl, { bareSockets: true });
const bareUrl = server.bareUrl!;
const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });

let started = performance.now();
const players = await signedInPlayers(database, socketCount, 'ws');
const bettors = players.slice(0, bettorCount);
await fundPlayers(database, bettors, 1_000_000_000);
const gameId = await firstSlot(server.appUrl);
const games: OpenGame[] = [];
for (const player of bettors) games.push(await openGame(server.appUrl, player, gameId));
console.log(
  `${socketCount} players with sessions, ${bettorCount} of them funded with a game open, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** A socket and the one wait for USER_WALLET_BALANCE it may have at a time. */
interface Listener {
  socket: Socket;
  waiting?: { accept: (event: WalletBalanceEvent) => boolean; resolve: (at: number) => void };
}

function listen(socket: Socket): Listener {
  const listener: Listener = { socket };
  socket.on(walletEvents.balance, (event: WalletBalanceEvent) => {
    const at = performance.now();
    const waiting = listener.waiting;
    if (waiting?.accept(event)) {
      listener.waiting = undefined;
      waiting.resolve(at);
    }
  });
  return listener;
}

function connect(url: string, options: { cookie?: string; userId?: number }): Promise<Listener> {
  const socket = io(`${url}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(options.userId !== undefined ? { auth: { userId: options.userId } } : {}),
    extraHeaders: { origin: new URL(url).origin, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  const listener = listen(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(listener));
    socket.once('connect_error', reject);
  });
}

async function connectAll(make: (player: BenchPlayer) => Promise<Listener>): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let i = 0; i < players.length; i += 100) listeners.push(...(await Promise.all(players.slice(i, i + 100).map(make))));
  return listeners;
}

started = performance.now();
const productSockets = await connectAll((player) => connect(server.appUrl, { cookie: player.cookie }));
const productConnectSeconds = (performance.now() - started) / 1000;
started = performance.now();
const bareSockets = await connectAll((player) => connect(bareUrl, { userId: player.userId }));
const bareConnectSeconds = (performance.now() - started) / 1000;
await sleep(2_000); // the balances the product sends on connect are all in
const stats = (await request<{ rssMb: number; bareSockets: number }>('GET', `${bareUrl}/stats`)).body;
console.log(
  `connected ${productSockets.length} sockets to the product's /wallet (cookie) in ${productConnectSeconds.toFixed(1)} s and ` +
    `${stats.bareSockets} to bare socket.io in ${bareConnectSeconds.toFixed(1)} s; memory: server process ${stats.rssMb} MB, ` +
    `this process (${productSockets.length + bareSockets.length} client sockets) ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
);

const TIMEOUT_MS = 5_000;
/** Waits for the first event `accept` takes, up to the time-out; `cancel` stops waiting (undefined). */
function eventAfter(listener: Listener, accept: (event: WalletBalanceEvent) => boolean) {
  let cancel = () => {};
  const arrived = new Promise<number | undefined>((resolve) => {
    const timer = setTimeout(() => {
      listener.waiting = undefined;
      resolve(undefined);
    }, TIMEOUT_MS);
    cancel = () => {
      clearTimeout(timer);
      listener.waiting = undefined;
      resolve(undefined);
    };
    listener.waiting = {
      accept,
      resolve: (at) => {
        clearTimeout(timer);
        resolve(at);
      },
    };
  });
  return { arrived, cancel: () => cancel() };
}

type Bet = (index: number) => Promise<{ eventMs?: number; ok: boolean; unchanged?: boolean }>;

/**
 * A game round: the event that counts is the first whose GC balance differs from the balance
 * before the bet. A round whose win equals its bet leaves the balance as it was: its event cannot
 * be told from a late one of the round before, so it is counted apart and not timed.
 */
const productBet: Bet = async (index) => {
  const game = games[index]!;
  const before = game.balance;
  const event = eventAfter(productSockets[index]!, (payload) => Math.round(payload.gcCoin * 100) !== before);
  const t0 = performance.now();
  const response = await playRound(server.appUrl, game);
  if (response.status === 200 && game.balance === before) {
    event.cancel();
    return { ok: true, unchanged: true };
  }
  const at = await event.arrived;
  return { ok: response.status === 200, ...(at !== undefined ? { eventMs: at - t0 } : {}) };
};

let sequence = 0;
const bareBet: Bet = async (index) => {
  const seq = ++sequence;
  const event = eventAfter(bareSockets[index]!, (payload) => payload.gcCoin === seq);
  const t0 = performance.now();
  const response = await request('POST', `${bareUrl}/bet`, { body: { userId: players[index]!.userId, seq } });
  const at = await event.arrived;
  return { ok: response.status === 200, ...(at !== undefined ? { eventMs: at - t0 } : {}) };
};

/** `rate` bets a second for `seconds`, each to the next bettor without a bet in flight. */
async function openLoop(bet: Bet, durationMs: number) {
  const latencies: number[] = [];
  const busy = new Set<number>();
  const inFlight = new Set<Promise<void>>();
  let missing = 0;
  let unchanged = 0;
  let failed = 0;
  let skipped = 0;
  let next = 0;
  const begin = performance.now();
  const total = Math.floor((durationMs / 1000) * rate);
  for (let k = 0; k < total; k += 1) {
    const due = begin + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    let index = -1;
    for (let tries = 0; tries < bettorCount; tries += 1) {
      const candidate = next++ % bettorCount;
      if (!busy.has(candidate)) {
        index = candidate;
        break;
      }
    }
    if (index < 0) {
      skipped += 1; // every bettor has a bet in flight: the server is behind the rate
      continue;
    }
    busy.add(index);
    const running = bet(index).then((result) => {
      if (!result.ok) failed += 1;
      if (result.unchanged) unchanged += 1;
      // No event within the time-out counts in the percentiles as slower than any measured one.
      else if (result.eventMs === undefined) missing += 1;
      if (!result.unchanged) latencies.push(result.eventMs ?? Infinity);
      busy.delete(index);
      inFlight.delete(running);
    });
    inFlight.add(running);
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bets: latencies.length + unchanged,
    perSecond: (latencies.length - missing + unchanged) / ((performance.now() - begin) / 1000),
    missing,
    unchanged,
    failed,
    skipped,
  };
}

await openLoop(productBet, 1_000); // warm-up of both paths
await openLoop(bareBet, 1_000);

const runs = { bare: [] as Awaited<ReturnType<typeof openLoop>>[], product: [] as Awaited<ReturnType<typeof openLoop>>[] };
for (let r = 0; r < rounds; r += 1) {
  runs.bare.push(await openLoop(bareBet, seconds * 1000));
  runs.product.push(await openLoop(productBet, seconds * 1000));
}

const shown = (ms: number) => (Number.isFinite(ms) ? round1(ms) : `> ${TIMEOUT_MS}`);
const summary = (name: string, list: Awaited<ReturnType<typeof openLoop>>[]) => ({
  name,
  p50: median(list.map((run) => run.p50)),
  p99: median(list.map((run) => run.p99)),
  row: {
    'bet to USER_WALLET_BALANCE': name,
    'p50 ms': shown(median(list.map((run) => run.p50))),
    'p99 ms': shown(median(list.map((run) => run.p99))),
    'events/s': Math.round(median(list.map((run) => run.perSecond))),
    bets: list.reduce((sum, run) => sum + run.bets, 0),
    'no event in 5 s': list.reduce((sum, run) => sum + run.missing, 0),
    'balance unchanged (not timed)': list.reduce((sum, run) => sum + run.unchanged, 0),
    'failed requests': list.reduce((sum, run) => sum + run.failed, 0),
    'not sent (all bettors busy)': list.reduce((sum, run) => sum + run.skipped, 0),
  },
});
const bare = summary('bare socket.io (POST /bet emits to the room)', runs.bare);
const product = summary('product (game round, POST /rgs/api/rounds)', runs.product);
console.log(
  `USER_WALLET_BALANCE latency with ${socketCount} /wallet sockets connected to each server, ${rate} bets/s over ${bettorCount} players, ` +
    `${seconds} s each, ${rounds} rounds interleaved, medians:`,
);
console.table([bare.row, product.row]);
const times = (a: number, b: number) => (Number.isFinite(a) ? `${ratio(a, b)}x` : `> ${ratio(TIMEOUT_MS, b)}x`);
console.log(
  `product / bare: p50 ${times(product.p50, bare.p50)}, p99 ${times(product.p99, bare.p99)}; ` +
    `target p99 <= ${targetP99Ms} ms ${product.p99 <= targetP99Ms ? 'met' : 'not met'}`,
);
for (const side of [bare, product]) {
  if (side.row['not sent (all bettors busy)'] > 0 || side.row['no event in 5 s'] > 0) {
    console.log(`${side.name}: fell behind ${rate} bets/s (latencies include queueing; lower the rate to measure latency alone)`);
  }
}

for (const listener of [...productSockets, ...bareSockets]) listener.socket.disconnect();
await database.close();
await server.stop();
