import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { signedInOperator } from '../modules/admin/test-support.js';
import { packageBySlug, payWithCard, TEST_CARDS } from '../modules/payments/payment-helpers.js';
import { redeemingPlayer } from '../modules/redeem/redeem-helpers.js';
import { anyGameId, walletCall } from '../rgs/test-support.js';
import { TEST_METRICS_TOKEN, testConfig, testServer } from '../test/harness.js';

/**
 * The operator's Prometheus endpoint: a scraper with the token reads what the server counted, one
 * without is refused. Counters are the process's, shared by every test of this process: each check
 * is of what changed between two scrapes.
 */
async function scrape(token = TEST_METRICS_TOKEN): Promise<{ status: number; text: string }> {
  const { baseUrl } = await testServer();
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
}

/** A sample's value in a scrape (0 when the series is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((one) => one.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function figures(series: readonly string[]): Promise<Record<string, number>> {
  const { text } = await scrape();
  return Object.fromEntries(series.map((one) => [one, sample(text, one)]));
}

const SERIES = [
  'casino_rounds_total{coin="SC"}',
  'casino_wagered_coins_total{coin="SC"}',
  'casino_won_coins_total{coin="SC"}',
  'casino_ledger_movements_total{kind="bet"}',
  'casino_ledger_movements_total{kind="win"}',
  'casino_purchases_total{state="credited"}',
  'casino_ledger_movements_total{kind="purchase"}',
  'casino_redemptions_total{state="requested"}',
  'casino_redemptions_total{state="paid"}',
] as const;

describe('GET /metrics', () => {
  it('refuses a scraper without the token, in the API’s error format', async () => {
    const { baseUrl } = await testServer();
    const none = await fetch(`${baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      errors: [expect.objectContaining({ errorCode: 3002, description: 'A valid metrics token is required.' })],
    });
    expect((await scrape('a-wrong-token-of-the-same-kind-00000')).status).toBe(401);
  });

  it('counts a played round, a purchase and a redemption, and reads the queues and the pool', async () => {
    const before = await figures(SERIES);
    const player = await redeemingPlayer(200_00);
    const gameId = await anyGameId();
    const roundId = `metrics-${player.userId}`;
    const bet = await walletCall('bet', {
      transactionId: `${roundId}-bet`,
      userId: player.userId,
      gameId,
      roundId,
      coin: 'SC',
      amount: 1.5,
    });
    expect(bet.status).toBe(200);
    const win = await walletCall('win', { transactionId: `${roundId}-win`, userId: player.userId, gameId, roundId, coin: 'SC', amount: 4 });
    expect(win.status).toBe(200);
    // The same bet again is a replay: nothing more is counted.
    await walletCall('bet', { transactionId: `${roundId}-bet`, userId: player.userId, gameId, roundId, coin: 'SC', amount: 1.5 });

    const pkg = await packageBySlug('starter-199');
    await payWithCard(player.client, pkg, TEST_CARDS.visa, { isSaveCard: true });
    const requested = await player.client.post('payment/finix/create-instrument-payout', { amount: 60, packageId: pkg.id });
    expect(requested.status).toBe(200);
    const { client: operator } = await signedInOperator(['payments']);
    const redemptionId = (requested.body.data as { withdrawRequestId: number }).withdrawRequestId;
    expect((await operator.post(`/api/admin/redemptions/${redemptionId}/approve`, { reason: 'Reviewed' })).status).toBe(200);

    // Purchases and redemptions are counted as their events are delivered, just after the answers.
    await expect
      .poll(async () => {
        const after = await figures(SERIES);
        return Object.fromEntries(SERIES.map((one) => [one, Math.round((after[one]! - before[one]!) * 100) / 100]));
      })
      .toEqual({
        'casino_rounds_total{coin="SC"}': 1,
        'casino_wagered_coins_total{coin="SC"}': 1.5,
        'casino_won_coins_total{coin="SC"}': 4,
        'casino_ledger_movements_total{kind="bet"}': 1,
        'casino_ledger_movements_total{kind="win"}': 1,
        'casino_purchases_total{state="credited"}': 1,
        'casino_ledger_movements_total{kind="purchase"}': 1,
        'casino_redemptions_total{state="requested"}': 1,
        'casino_redemptions_total{state="paid"}': 1,
      });

    const { text } = await scrape();
    expect(text).toMatch(
      /^casino_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/payment\/finix\/create-instrument-payout",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^casino_outbox_pending_events \d+$/m);
    expect(text).toMatch(/^casino_outbox_oldest_pending_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^casino_sockets_connected \d+$/m);
    expect(text).toMatch(/^casino_reconciliation_last_mismatches \d+$/m);
    expect(text).toMatch(/^# TYPE casino_jobs_queued gauge$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if ((await testServer()).database.kind === 'postgres') expect(text).toMatch(/^casino_db_pool_connections\{state="total"\} [1-9]/m);
  });
});

describe('METRICS_PORT', () => {
  it('serves the metrics on a port of their own once the server listens, and nothing else there', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const { database } = await testServer();
    const app = await buildApp({ config: testConfig({ METRICS_PORT: String(port) }), database, background: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await metrics.text()).toMatch(/^# TYPE casino_rounds_total counter$/m);
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/site-config`)).status).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
