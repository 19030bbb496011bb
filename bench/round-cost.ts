// Where a game round's CPU goes (docs/decisions/065): 20 players play rounds
// over HTTP (POST /rgs/api/rounds, as bench/game-rounds.ts does) against the whole product in a
// process of its own, and the CPU time that the server process, every PostgreSQL process and
// this benchmark's client used meanwhile is read from /proc and divided by the rounds played.
// The machine's share of busy time is printed too: when it is near full, rounds per second
// follow CPU per round. The client's CPU per round does not depend on the product, so its
// movement between runs shows how much the machine itself moved.
// A second table shows how long the server's and the client's event loops, and the PostgreSQL
// processes, were ready to run but waited for a CPU (/proc/<pid>/schedstat): on a full machine a
// process that wakes another one (a query sent to its backend) is often put aside for it.
// It is a diagnostic, not a ratio: it asserts nothing and compares nothing. Linux only (/proc).
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/round-cost.ts [seconds=10] [players=20]
import os from 'node:os';
import { openDatabase } from '../apps/server/src/db/client.js';
import { argument, benchDatabaseUrl, machineLine, postgresVersion } from './support/figures.js';
import { postgresCpuMs, postgresWaitMs, processCpuMs, processWaitMs, round2 } from './support/process-cpu.js';
import { firstSlot, fundPlayers, openGame, playRound, signedInPlayers, startServerProcess, type OpenGame } from './support/product.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const playerCount = argument(1, 20);
const databaseUrl = benchDatabaseUrl();

console.log(machineLine(await postgresVersion(databaseUrl)));
const server = await startServerProcess(databaseUrl);
const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const players = await signedInPlayers(database, playerCount, `rc${Date.now() % 100_000}`);
await fundPlayers(database, players, 1_000_000_000);
const gameId = await firstSlot(server.appUrl);
const games: OpenGame[] = [];
for (const player of players) games.push(await openGame(server.appUrl, player, gameId));

/** Every player plays round after round until the time is up; answers the rounds played. */
async function play(durationMs: number): Promise<{ played: number; failed: number }> {
  let played = 0;
  let failed = 0;
  const deadline = performance.now() + durationMs;
  await Promise.all(
    games.map(async (game) => {
      while (performance.now() < deadline) {
        if ((await playRound(server.appUrl, game)).status === 200) played += 1;
        else failed += 1;
      }
    }),
  );
  return { played, failed };
}

/** Time the server's and this client's event loops and every PostgreSQL process waited for a CPU, in ms. */
function waits() {
  return { server: processWaitMs(server.child.pid!), client: processWaitMs(process.pid), postgres: postgresWaitMs() };
}

await play(2000); // warm-up: connections open, statements and code paths seen once

const serverBefore = processCpuMs(server.child.pid!);
const postgresBefore = postgresCpuMs();
const clientBefore = process.cpuUsage();
const waitsBefore = waits();
const started = performance.now();
const { played, failed } = await play(seconds * 1000);
const elapsedMs = performance.now() - started;
const serverMs = processCpuMs(server.child.pid!) - serverBefore;
const postgresMs = postgresCpuMs() - postgresBefore;
const clientUsage = process.cpuUsage(clientBefore);
const clientMs = (clientUsage.user + clientUsage.system) / 1000;
const waitsAfter = waits();

console.log(`Game rounds with ${playerCount} players at once for ${seconds} s, CPU per round by process:`);
console.table([
  {
    'rounds/s': Math.round((played * 1000) / elapsedMs),
    'server ms': round2(serverMs / played),
    'PostgreSQL ms': round2(postgresMs / played),
    'client ms': round2(clientMs / played),
    'machine busy': `${Math.round(((serverMs + postgresMs + clientMs) / (elapsedMs * os.cpus().length)) * 100)}%`,
    'failed rounds': failed,
  },
]);

const share = (key: keyof typeof waitsBefore) => `${Math.round(((waitsAfter[key] - waitsBefore[key]) / elapsedMs) * 100)}%`;
console.log('Time spent ready to run but waiting for a CPU (Linux schedstat), as a share of the run:');
console.table([
  {
    "server's event loop": share('server'),
    "client's event loop": share('client'),
    'PostgreSQL ms a round': round2((waitsAfter.postgres - waitsBefore.postgres) / played),
  },
]);

await database.close();
await server.stop();
