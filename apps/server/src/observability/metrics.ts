import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus counters and histograms (docs/operations.md 'Metrics'): what the code
 * counts as it happens. Each process counts its own; Prometheus adds the processes up. The
 * figures read from the database and the process at scrape time (the outbox, the job queues, the
 * pool, the sockets, the last reconciliation) are metrics-endpoint.ts's.
 *
 * Amounts are coins (1 SC = 1 USD), as decimals: Prometheus's numbers are floating point, and a
 * metric is a rate to watch, never a balance to pay from.
 */
export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

export const httpRequestDuration = new Histogram({
  name: 'casino_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const roundsPlayed = new Counter({
  name: 'casino_rounds_total',
  help: 'Bets taken by the wallet (a round of an in-house game or a bet of a provider game), by coin.',
  labelNames: ['coin'] as const,
  registers: [processMetrics],
});

export const coinsWagered = new Counter({
  name: 'casino_wagered_coins_total',
  help: 'Coins bet, by coin.',
  labelNames: ['coin'] as const,
  registers: [processMetrics],
});

export const coinsWon = new Counter({
  name: 'casino_won_coins_total',
  help: 'Coins paid as wins, by coin.',
  labelNames: ['coin'] as const,
  registers: [processMetrics],
});

export const betsRefused = new Counter({
  name: 'casino_bets_refused_total',
  help: 'Wallet calls refused (funds, limits, a break, a win above its limit), by reason.',
  labelNames: ['reason'] as const,
  registers: [processMetrics],
});

export const ledgerMovements = new Counter({
  name: 'casino_ledger_movements_total',
  help: 'Money movements committed to the ledger, by kind (bet, win, rollback, and the domain events that move money).',
  labelNames: ['kind'] as const,
  registers: [processMetrics],
});

export const purchases = new Counter({
  name: 'casino_purchases_total',
  help: 'Coin purchases by what became of them: credited, declined, reversed.',
  labelNames: ['state'] as const,
  registers: [processMetrics],
});

export const redemptions = new Counter({
  name: 'casino_redemptions_total',
  help: 'Redemption steps: requested, cancelled, submitted (to the payout provider), paid, failed.',
  labelNames: ['state'] as const,
  registers: [processMetrics],
});

export const webhooksFailed = new Counter({
  name: 'casino_webhooks_failed_total',
  help: 'Provider webhooks whose handling failed and were kept for the money desk, by provider.',
  labelNames: ['provider'] as const,
  registers: [processMetrics],
});
