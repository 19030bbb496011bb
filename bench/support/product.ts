// The benchmark's side of the product server: start it (support/server-process.ts) in a process
// of its own, make signed-in players quickly (rows and sessions written directly, as the tests'
// signedInClient does, instead of thousands of argon2 sign-ups), fund them, and open a game for
// each through the real HTTP routes, as the lobby and the game page do.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from 'undici';
import { GAME_SESSION_HEADER, type OpenSessionResult, type RoundResult } from '@casino/contracts/rgs';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import { standaloneLedger } from '../../apps/server/src/money/ledger/testing.js';
import { SESSION_COOKIE } from '../../apps/server/src/kernel/sessions/session-cookie.js';
import { createSessionService } from '../../apps/server/src/kernel/sessions/session-service.js';
import { testConfig } from '../../apps/server/src/test/harness.js';

export interface BenchProcess {
  /** What the process printed after `READY `. */
  ready: string;
  child: ChildProcess;
  /** SIGTERM, then its exit. */
  stop(): Promise<void>;
}

/**
 * A benchmark's server script (a file of bench/support) in a process of its own on
 * BENCH_DATABASE_URL = `databaseUrl`, once it prints its `READY …` line.
 * BENCH_SERVER_NODE_FLAGS (for example --cpu-prof --cpu-prof-dir=/tmp/prof) profiles it, not the bench.
 * On a machine this busy, such a profile counts the time the server waits for a core inside a
 * system call as that call: in a run of bench/round-cost.ts, 46% of the server's samples were
 * `writev` (node-postgres sending a query), while /proc put only 12% of the process's CPU time in
 * the kernel (0.32 s of system time to 2.33 s of user time over 5 s).
 * Read a system call's share against /proc's user and system time before acting on it.
 */
export async function startBenchProcess(file: string, args: string[], databaseUrl: string): Promise<BenchProcess> {
  const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.resolve(import.meta.dirname, file), ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice(6));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ServerProcess {
  appUrl: string;
  bareUrl?: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The whole product (support/server-process.ts), and with `bareSockets` a bare socket.io server beside it. */
export async function startServerProcess(databaseUrl: string, { bareSockets = false } = {}): Promise<ServerProcess> {
  const started = await startBenchProcess('server-process.ts', bareSockets ? ['--bare-sockets'] : [], databaseUrl);
  const ready = JSON.parse(started.ready) as { app: string; bare?: string };
  return { appUrl: ready.app, ...(ready.bare ? { bareUrl: ready.bare } : {}), child: started.child, stop: () => started.stop() };
}

/** Keep-alive HTTP, one socket per caller in flight, JSON in and out. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface JsonResponse<T> {
  status: number;
  body: T;
}

export function request<T>(method: string, url: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<JsonResponse<T>>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : undefined) as T });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface BenchPlayer {
  userId: number;
  /** The session cookie's token. */
  token: string;
  cookie: string;
}

/** `count` players with verified e-mail and a login session each, in a few statements. */
export async function signedInPlayers(database: DatabaseHandle, count: number, prefix: string): Promise<BenchPlayer[]> {
  const run = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const sessions = createSessionService(database.db, testConfig());
  const players: BenchPlayer[] = [];
  for (let start = 0; start < count; start += 1000) {
    const numbers = Array.from({ length: Math.min(1000, count - start) }, (_, i) => start + i);
    const rows = await database.db
      .insert(users)
      .values(
        numbers.map((n) => ({
          username: `${prefix}${n.toString(36)}${run}`.slice(0, 15),
          email: `bench-${prefix}-${run}-${n}@bench.local`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    // Sessions through the session service (20 at a time): what login writes, without the password hash.
    for (let i = 0; i < rows.length; i += 20) {
      const made = await Promise.all(
        rows.slice(i, i + 20).map(async (row) => {
          const { token } = await sessions.create(row.id, { ip: '127.0.0.1', userAgent: 'bench' });
          return { userId: row.id, token, cookie: `${SESSION_COOKIE}=${token}` };
        }),
      );
      players.push(...made);
    }
  }
  return players;
}

export async function fundPlayers(database: DatabaseHandle, players: BenchPlayer[], gc: number): Promise<void> {
  const ledger = standaloneLedger(database.db);
  for (const player of players) {
    await ledger.creditBonus({ userId: player.userId, gc, sc: 0, reason: 'adjustment', idempotencyKey: `bench-funding:${randomUUID()}` });
  }
}

/** The first slot of the lobby's catalogue. */
export async function firstSlot(appUrl: string): Promise<number> {
  const response = await request<{ data: { rows: { masterCasinoGameId: number; gameType: string }[] } }>(
    'GET',
    `${appUrl}/api/v1/casino-games?limit=100`,
  );
  const slot = response.body.data.rows.find((game) => game.gameType === 'slot');
  if (!slot) throw new Error('no slot in the catalogue');
  return slot.masterCasinoGameId;
}

export interface OpenGame {
  player: BenchPlayer;
  sessionToken: string;
  bet: number;
  /** The GC balance the page last saw (hundredths). */
  balance: number;
}

/** Launches the game from the lobby (session cookie) and opens it as the game page does (launch token). */
export async function openGame(appUrl: string, player: BenchPlayer, gameId: number): Promise<OpenGame> {
  const origin = new URL(appUrl).origin;
  const launch = await request<{ data?: { gameUrl: string } }>('POST', `${appUrl}/api/v1/casino-games/launch-game`, {
    body: { coin: 'GC', gameId, isDemo: false, isMobile: false },
    headers: { cookie: player.cookie, origin },
  });
  const launchToken = launch.body.data && /#launch=(.+)$/.exec(launch.body.data.gameUrl)?.[1];
  if (!launchToken) throw new Error(`launch-game answered ${launch.status}: ${JSON.stringify(launch.body)}`);
  const opened = await request<{ data: OpenSessionResult }>('POST', `${appUrl}/rgs/api/sessions`, {
    body: { launchToken },
    headers: { origin },
  });
  if (opened.status !== 200) throw new Error(`opening the game answered ${opened.status}: ${JSON.stringify(opened.body)}`);
  const { sessionToken, balance, game } = opened.body.data;
  return { player, sessionToken, bet: game.defaultBet, balance: Math.round(balance * 100) };
}

/**
 * Each game's own keep-alive connection for its rounds (undici: one socket, one request at a
 * time, as the game page has). The load generator's CPU shares the machine with the server and
 * PostgreSQL, as pgbench's does with PostgreSQL. Measured side by side (20 players, three 5 s
 * runs each, interleaved): node:http's client used 0.134 to 0.163 ms of CPU a round, undici's
 * 0.104 to 0.112, and the server played 4 to 10% more rounds a second with undici's.
 */
const roundClients = new WeakMap<OpenGame, { client: Client; headers: Record<string, string> }>();

/** One round through the game server's round route, as the game page plays it. */
export async function playRound(appUrl: string, game: OpenGame): Promise<JsonResponse<{ data?: RoundResult }>> {
  let connection = roundClients.get(game);
  if (!connection) {
    const origin = new URL(appUrl).origin;
    connection = {
      client: new Client(origin, { pipelining: 1 }),
      headers: { 'content-type': 'application/json', [GAME_SESSION_HEADER]: game.sessionToken, origin },
    };
    roundClients.set(game, connection);
  }
  const answer = await connection.client.request({
    method: 'POST',
    path: '/rgs/api/rounds',
    headers: connection.headers,
    body: JSON.stringify({ bet: game.bet, requestId: randomUUID() }),
  });
  const response = { status: answer.statusCode, body: (await answer.body.json()) as { data?: RoundResult } };
  if (response.status === 200 && response.body.data) game.balance = Math.round(response.body.data.balanceAfter * 100);
  return response;
}
