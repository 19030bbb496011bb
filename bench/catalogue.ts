// Catalogue reads against a bare Fastify route: requests per second and
// p99 latency at 50 connections for the games list, a search, the lobby's sub-category rows and
// the providers, over 5,000 games on the embedded database, each as a ratio of a bare Fastify
// route answering a JSON body of the same size in the same process. Ceiling and product are
// interleaved, three rounds after one warm-up round that is not counted, medians printed. The
// load comes from a worker thread, so the server's event loop does not also run the client. It
// asserts nothing.
// Run: npx tsx bench/catalogue.ts [seconds=4] [connections=50]
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { openScratchCatalogue } from '../apps/server/src/modules/games/search-fixture.js';
import { testConfig } from '../apps/server/src/test/harness.js';
import { machineLine } from './support/figures.js';

const seconds = Number(process.argv[2] ?? 4);
const connections = Number(process.argv[3] ?? 50);
const rounds = 3;
console.log(machineLine('embedded database (PGlite)'));

const catalogue = await openScratchCatalogue(5_000);
const config = testConfig({ LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database: catalogue.handle, background: false });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const targets = [
  { name: 'games list (page 1, All Games)', path: '/api/v1/casino-games?subCategoryName=All%20Games&limit=16&page=1' },
  { name: 'search "dragon"', path: '/api/v1/casino-games?subCategoryName=All%20Games&limit=16&page=1&search=dragon' },
  { name: 'lobby rows (sub-categories)', path: '/api/v1/casino-games/sub-category' },
  { name: 'providers', path: '/api/v1/casino-games/get-providers' },
];

// The ceiling of each read: the same body (the same bytes), from a bare Fastify route with no
// database, no cache and no plugins.
const bodies = await Promise.all(targets.map(async (target) => (await fetch(`${appUrl}${target.path}`)).text()));
const bare = Fastify();
bare.get<{ Params: { index: string } }>('/bare/:index', async (request, reply) =>
  reply.type('application/json').send(bodies[Number(request.params.index)]),
);
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

// The client in a worker thread of its own (autocannon's `workers`): in the server's thread its
// requests and its parsing of the answers took turns with the server's work and were counted in
// every latency, the ceiling's as much as the product's.
async function measure(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const runs = new Map<string, { rps: number[]; p99: number[]; errors: number }>();
const record = (name: string, value: { rps: number; p99: number; errors: number }) => {
  const entry = runs.get(name) ?? { rps: [], p99: [], errors: 0 };
  entry.rps.push(value.rps);
  entry.p99.push(value.p99);
  entry.errors += value.errors;
  runs.set(name, entry);
};

// A warm-up round first, not counted: the first seconds of each route ran before the JIT had
// compiled its path, and the first round's figures were half the later rounds' (games list 3,281
// req/s, p99 51 ms, then 5,899 and 7,127 req/s, p99 22 and 15 ms).
for (const [index, target] of targets.entries()) {
  await measure(`${bareUrl}/bare/${index}`);
  await measure(`${appUrl}${target.path}`);
}

for (let round = 0; round < rounds; round += 1) {
  for (const [index, target] of targets.entries()) {
    record(`bare: ${target.name}`, await measure(`${bareUrl}/bare/${index}`));
    record(target.name, await measure(`${appUrl}${target.path}`));
  }
}

const table = targets.map((target, index) => {
  const product = runs.get(target.name)!;
  const ceiling = runs.get(`bare: ${target.name}`)!;
  return {
    route: target.name,
    'body KB': Number((bodies[index]!.length / 1024).toFixed(1)),
    'req/s (median)': Math.round(median(product.rps)),
    'p99 ms (median)': median(product.p99),
    'bare req/s': Math.round(median(ceiling.rps)),
    'bare p99 ms': median(ceiling.p99),
    'ratio to bare': Number((median(product.rps) / median(ceiling.rps)).toFixed(2)),
    errors: product.errors,
  };
});
console.log(
  `Catalogue reads over 5,000 games, ${connections} connections, ${seconds} s x ${rounds} rounds, interleaved with a bare Fastify route answering the same body:`,
);
console.table(table);

await app.close();
await bare.close();
await catalogue.close();
