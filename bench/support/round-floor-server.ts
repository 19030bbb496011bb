// The server of bench/round-floor.ts, in a process of its own as the product's is: a bare Fastify
// route, POST /round {"player": n, "round": "…", "won": 0|1}, that sends the smallest round
// statement (round-floor-sql.ts) through a pg pool of 20 connections as a prepared statement and
// answers the balance. No session, no validation, no game, no events' delivery: the least any
// round over HTTP can cost on this machine. Prints `READY <url>` and stops on SIGTERM.
import Fastify from 'fastify';
import pg from 'pg';
import { ROUND_STATEMENT } from './round-floor-sql.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const app = Fastify();
app.post<{ Body: { player: number; round: string; won: number } }>('/round', async (request, reply) => {
  const { player, round, won } = request.body;
  const result = await pool.query<{ balance: string }>({ name: 'round-floor', text: ROUND_STATEMENT, values: [player, round, won] });
  const row = result.rows[0];
  if (!row) return reply.code(409).send({ error: 'InsufficientBalance' });
  return { balance: Number(row.balance) };
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`READY ${url}`);
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
