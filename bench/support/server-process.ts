// The servers of the HTTP and socket benchmarks, in a process of their own so that the load the
// benchmark makes (HTTP clients, thousands of sockets) does not share their event loop: the whole
// product as `npm start` builds it (buildApp: migrations, demo content, background jobs) on
// BENCH_DATABASE_URL, and, with --bare-sockets, in the same process a bare socket.io server: a
// Fastify route that emits USER_WALLET_BALANCE to one player's room of /wallet, with no database,
// no session and no event bus (the ceiling of bench/wallet-latency.ts).
// Prints `READY {"app": url, "bare"?: url}` once both accept requests; stops on SIGTERM.
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { seedDemoContent } from '../../apps/server/src/demo-content.js';
import { testConfig } from '../../apps/server/src/test/harness.js';
import { SOURCE_SCHEMA } from '../../apps/server/src/db/schema-sources.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');

// The test configuration (in-memory data folder, sandboxes, location gate monitoring only) with
// request rate limits off: the benchmark's players all come from 127.0.0.1.
const config = testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, RATE_LIMIT_ENABLED: 'false', APP_ENV: 'development' });
const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR });
await migrate(database, SOURCE_SCHEMA);
await seedDemoContent(database.db, config);
const app = await buildApp({ config, database });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
// The public URL must match the port the OS picked, for the Origin check (as harness.ts does).
config.publicUrl = appUrl;

let bareUrl: string | undefined;
let closeBare = async () => {};
if (process.argv.includes('--bare-sockets')) {
  const bare = Fastify();
  const io = new Server(bare.server, { path: '/socket.io', serveClient: false });
  const wallet = io.of('/wallet');
  wallet.use((socket, next) => {
    const userId = Number((socket.handshake.auth as { userId?: unknown }).userId);
    if (!Number.isInteger(userId)) {
      next(new Error('Unauthenticated'));
      return;
    }
    (socket.data as { userId: number }).userId = userId;
    next();
  });
  wallet.on('connection', (socket) => void socket.join(`user:${(socket.data as { userId: number }).userId}`));
  bare.post<{ Body: { userId: number; seq: number } }>('/bet', async (request) => {
    const { userId, seq } = request.body;
    wallet.to(`user:${userId}`).emit('USER_WALLET_BALANCE', { gcCoin: seq, scCoin: 0, wsc: 0, bsc: 0, psc: 0 });
    return { data: { seq } };
  });
  // This process's memory (both servers and their sockets), for the printed figures.
  bare.get('/stats', async () => ({ bareSockets: wallet.sockets.size, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }));
  bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  closeBare = async () => {
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    await bare.close();
  };
}

process.stdout.write(`READY ${JSON.stringify({ app: appUrl, bare: bareUrl })}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void Promise.allSettled([closeBare(), app.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
