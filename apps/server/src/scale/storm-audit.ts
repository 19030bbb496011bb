import type pg from 'pg';
import type { StormBook } from './storm-book.js';

/**
 * What must hold in the database after the storm (docs/ARCHITECTURE.md 'The money core'), each a
 * query that answers the rows breaking it: none, or the test fails and prints them. Plain SQL on
 * the tables, so that it judges whatever code wrote them.
 */
export interface Invariant {
  name: string;
  violations: string;
}

const playerMovesByReference = `
  select t.reference, sum(e.amount) as net
  from ledger_transfers t
  join ledger_entries e on e.transfer_id = t.id
  join ledger_accounts a on a.id = e.account_id
  where t.reference like 'round:%' and a.user_id is not null
  group by t.reference`;

export const LEDGER_INVARIANTS: Invariant[] = [
  {
    name: 'the entries of all accounts sum to zero per coin',
    violations: `select coin, sum(amount)::text as total from ledger_entries group by coin having sum(amount) <> 0`,
  },
  {
    name: 'every transfer sums to zero per coin',
    violations: `select transfer_id, coin, sum(amount)::text as total from ledger_entries group by transfer_id, coin having sum(amount) <> 0 limit 20`,
  },
  {
    name: 'no player account is below zero',
    violations: `select id, user_id, kind, balance::text from ledger_accounts where user_id is not null and balance < 0 limit 20`,
  },
  {
    name: "every player account's cached balance equals the sum of its entries",
    violations: `
      select a.id, a.user_id, a.kind, a.balance::text as cached, coalesce(sum(e.amount), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.user_id is not null
      group by a.id
      having a.balance is distinct from coalesce(sum(e.amount), 0)
      limit 20`,
  },
  {
    name: 'no in-house round is left open (pending or bet placed) after recovery',
    violations: `select id, user_id, status, bet::text from rgs_rounds where status in ('pending', 'bet_placed') limit 20`,
  },
  {
    name: 'no wallet round is left open (a bet without its win or rollback)',
    violations: `select game_id, round_id, bet_amount::text from casino_bets where status = 'open' limit 20`,
  },
  {
    name: "every in-house round's wallet record agrees with it (settled: bet and win; cancelled: refunded or never taken; refused: nothing)",
    violations: `
      select r.id, r.status, r.bet::text, r.win::text, b.status as wallet_status, b.bet_amount::text, b.win_amount::text
      from rgs_rounds r
      left join casino_bets b on b.game_id = r.casino_game_id and b.round_id = r.id::text
      where not coalesce(
        (r.status = 'settled' and b.status = 'settled' and b.bet_amount = r.bet and b.win_amount = r.win)
        or (r.status = 'cancelled' and (b.id is null or b.status = 'rolled_back'))
        or (r.status = 'refused' and b.id is null), false)
      limit 20`,
  },
  {
    name: "every round moved exactly its win minus its bets on the player's accounts",
    violations: `
      with moved as (${playerMovesByReference})
      select coalesce('round:' || b.game_id || ':' || b.round_id, m.reference) as round, b.status,
             (b.win_amount - b.bet_amount)::text as expected, m.net::text as moved
      from casino_bets b
      full join moved m on m.reference = 'round:' || b.game_id || ':' || b.round_id
      where coalesce(m.net, 0) <> coalesce(b.win_amount - b.bet_amount, 0)
      limit 20`,
  },
  {
    name: 'every purchase is credited once when paid and never otherwise',
    violations: `
      select i.merchant_ref_num as reference, i.status, count(t.id) as credits
      from payment_intents i
      left join ledger_transfers t on t.reason = 'purchase' and t.reference = i.merchant_ref_num
      group by i.id
      having count(t.id) <> (case when i.status = 1 then 1 else 0 end)
          or (i.status = 1 and not coalesce(bool_or(t.id = i.credited_transfer_id), false))
      union all
      select t.reference, null, 1 from ledger_transfers t
      where t.reason = 'purchase' and not exists (select 1 from payment_intents i where i.merchant_ref_num = t.reference)
      limit 20`,
  },
  {
    name: 'every redemption took its coins once and is settled (paid, cancelled or failed) at most once',
    violations: `
      select r.id, r.status, count(t.id) as settlements, min(q.reason) as request_reason
      from redemptions r
      join ledger_transfers q on q.id = r.requested_transfer_id
      left join ledger_transfers t on t.reference = 'redemption:' || r.id
      group by r.id
      having count(t.id) <> (case when r.status in (1, 2, 3) then 1 else 0 end)
          or min(q.reason) <> 'redemption_pending'
          or (r.status in (1, 2, 3) and not coalesce(bool_or(t.id = r.settled_transfer_id), false))
      limit 20`,
  },
  {
    name: "every player's pending-redemption account holds exactly their open redemptions",
    violations: `
      select a.user_id, a.balance::text as held, coalesce(sum(r.amount) filter (where r.status in (0, 7)), 0)::text as open
      from ledger_accounts a left join redemptions r on r.user_id = a.user_id
      where a.kind = 'SC_PENDING_REDEMPTION'
      group by a.id
      having a.balance <> coalesce(sum(r.amount) filter (where r.status in (0, 7)), 0)
      limit 20`,
  },
  {
    name: 'each bonus (welcome, daily, spin) is credited at most once per player and day',
    violations: `
      select user_id, reason, count(*) as credits from ledger_transfers
      where reason in ('welcome_bonus', 'daily_bonus', 'spin_wheel')
      group by user_id, reason, case when reason = 'welcome_bonus' then null else (created_at at time zone 'UTC')::date end
      having count(*) > 1
      limit 20`,
  },
];

/** Answers the server acknowledged that the database must hold. */
function acknowledgedInvariants(book: StormBook): { invariant: Invariant; params: unknown[] }[] {
  const rounds = book.acknowledgedRounds;
  return [
    {
      invariant: {
        name: 'every wallet call answered 200 is recorded',
        violations: `select acked from unnest($1::text[]) as acked where not exists (select 1 from casino_wallet_transactions w where w.transaction_id = acked) limit 20`,
      },
      params: [book.acknowledgedWalletTransactions],
    },
    {
      invariant: {
        name: 'every in-house round answered 200 is settled with the win it answered',
        violations: `
          select a.round_id, a.answered_win, r.status, r.win as stored_win
          from unnest($1::bigint[], $2::bigint[]) as a (round_id, answered_win)
          left join rgs_rounds r on r.id = a.round_id
          where r.status is distinct from 'settled' or r.win <> a.answered_win
          limit 20`,
      },
      params: [rounds.map((round) => round.roundId), rounds.map((round) => Math.round(round.win * 100))],
    },
    {
      invariant: {
        name: 'every purchase answered SUCCEEDED is paid and credited',
        violations: `
          select acked from unnest($1::text[]) as acked
          where not exists (select 1 from payment_intents i where i.merchant_ref_num = acked and i.status = 1 and i.credited_transfer_id is not null)
          limit 20`,
      },
      params: [book.acknowledgedPurchases],
    },
    {
      invariant: {
        name: 'every bonus claim answered is credited exactly once',
        violations: `
          select c.user_id, c.reason, count(t.id) as credits
          from unnest($1::bigint[], $2::text[]) as c (user_id, reason)
          left join ledger_transfers t on t.user_id = c.user_id and t.reason = c.reason
          group by c.user_id, c.reason
          having count(t.id) <> 1
          limit 20`,
      },
      params: [book.claimedBonuses.map((claim) => claim.userId), book.claimedBonuses.map((claim) => claim.reason)],
    },
    {
      invariant: {
        name: 'every redemption answered is recorded',
        violations: `select acked from unnest($1::bigint[]) as acked where not exists (select 1 from redemptions r where r.id = acked) limit 20`,
      },
      params: [book.acknowledgedRedemptions],
    },
  ];
}

export interface AuditResult {
  name: string;
  violations: Record<string, unknown>[];
}

export async function auditStorm(client: pg.Client, book: StormBook): Promise<AuditResult[]> {
  const checks = [...LEDGER_INVARIANTS.map((invariant) => ({ invariant, params: [] as unknown[] })), ...acknowledgedInvariants(book)];
  const results: AuditResult[] = [];
  for (const { invariant, params } of checks) {
    const { rows } = await client.query<Record<string, unknown>>(invariant.violations, params);
    results.push({ name: invariant.name, violations: rows });
  }
  return results;
}

/** Figures for the report: what the storm left in the database. */
export async function stormFigures(client: pg.Client): Promise<Record<string, string>> {
  const { rows } = await client.query<Record<string, string>>(`
    select
      (select count(*) from ledger_transfers)::text as transfers,
      (select count(*) from ledger_entries)::text as entries,
      (select string_agg(reason || ' ' || n, ', ' order by reason) from (select reason, count(*) n from ledger_transfers group by reason) x) as transfers_by_reason,
      (select string_agg(status || ' ' || n, ', ' order by status) from (select status, count(*) n from rgs_rounds group by status) x) as in_house_rounds,
      (select string_agg(status || ' ' || n, ', ' order by status) from (select status, count(*) n from casino_bets group by status) x) as wallet_rounds,
      (select string_agg(status || ' ' || n, ', ' order by status) from (select status, count(*) n from payment_intents group by status) x) as payment_intents,
      (select string_agg(status || ' ' || n, ', ' order by status) from (select status, count(*) n from redemptions group by status) x) as redemptions
  `);
  return rows[0] ?? {};
}
