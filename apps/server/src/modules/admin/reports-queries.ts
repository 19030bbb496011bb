import type { DayTotalsRow, GameDayRow, Report, ReportQuery } from '@casino/contracts/admin-reports';
import { fromHundredths } from '@casino/contracts/money';
import { redeemStatus } from '@casino/contracts/redeem';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { getTitle } from '../../rgs/math/titles.js';

/**
 * The reports' queries. Each reads one date range through an index on its time
 * (migration 0151: settled rounds, paid purchases, redemptions), groups by UTC day in the database,
 * and the games' names and theoretical RTPs are joined to the few grouped rows, never to the rounds.
 * The range is [from 00:00 UTC, the day after `to` 00:00 UTC).
 */
interface RoundGroup {
  day: string;
  game_id: string;
  game_name: string;
  identifier: string;
  provider: string;
  rounds: string;
  gc_wagered: string;
  gc_won: string;
  sc_wagered: string;
  sc_won: string;
}

const ratio = (won: number, wagered: number) => (wagered > 0 ? Math.round((won / wagered) * 10_000) / 10_000 : null);

export function createReportQueries(db: Database) {
  return {
    async report({ from, to }: ReportQuery): Promise<Report> {
      const start = sql`(${from}::date)::timestamp at time zone 'UTC'`;
      const end = sql`((${to}::date + 1)::timestamp) at time zone 'UTC'`;
      const utcDay = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

      const rounds = await queryRows<RoundGroup>(
        db,
        sql`with grouped as (
              select ${utcDay('b.created_at')} as day, b.game_id,
                     count(*) as rounds,
                     coalesce(sum(b.bet_amount) filter (where b.coin = 'GC'), 0) as gc_wagered,
                     coalesce(sum(b.win_amount) filter (where b.coin = 'GC'), 0) as gc_won,
                     coalesce(sum(b.bet_amount) filter (where b.coin = 'SC'), 0) as sc_wagered,
                     coalesce(sum(b.win_amount) filter (where b.coin = 'SC'), 0) as sc_won
                from casino_bets b
               where b.status = 'settled' and b.created_at >= ${start} and b.created_at < ${end}
               group by 1, 2)
            select grouped.*, g.name as game_name, g.identifier, p.name as provider
              from grouped
              join casino_games g on g.id = grouped.game_id
              join casino_providers p on p.id = g.provider_id
             order by grouped.day, g.name`,
      );
      const purchases = await queryRows<{ day: string; purchases: string; amount: string }>(
        db,
        sql`select ${utcDay('created_at')} as day, count(*) as purchases, sum(amount) as amount
              from payment_intents
             where status = 1 and created_at >= ${start} and created_at < ${end}
             group by 1`,
      );
      const redemptions = await queryRows<{ day: string; redemptions: string; amount: string; paid: string }>(
        db,
        sql`select ${utcDay('created_at')} as day, count(*) as redemptions, sum(amount) as amount,
                   coalesce(sum(amount) filter (where status = ${redeemStatus.success}), 0) as paid
              from redemptions
             where status <> ${redeemStatus.cancelled} and created_at >= ${start} and created_at < ${end}
             group by 1`,
      );

      const games: GameDayRow[] = rounds.map((row) => {
        const [gcWagered, gcWon, scWagered, scWon] = [row.gc_wagered, row.gc_won, row.sc_wagered, row.sc_won].map(Number) as [
          number,
          number,
          number,
          number,
        ];
        return {
          day: row.day,
          gameId: Number(row.game_id),
          gameName: row.game_name,
          provider: row.provider,
          rounds: Number(row.rounds),
          gcWagered: fromHundredths(gcWagered),
          gcWon: fromHundredths(gcWon),
          scWagered: fromHundredths(scWagered),
          scWon: fromHundredths(scWon),
          gcRtp: ratio(gcWon, gcWagered),
          scRtp: ratio(scWon, scWagered),
          theoreticalRtp: getTitle(row.identifier)?.rtp ?? null,
        };
      });

      // Every day of the range has a row, so a chart shows a quiet day as zero rather than skipping it.
      const days = new Map<string, DayTotalsRow>();
      for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
        const key = new Date(at).toISOString().slice(0, 10);
        days.set(key, {
          day: key,
          rounds: 0,
          gcWagered: 0,
          gcWon: 0,
          scWagered: 0,
          scWon: 0,
          purchases: 0,
          purchaseAmount: 0,
          redemptions: 0,
          redemptionAmount: 0,
          redemptionPaidAmount: 0,
        });
      }
      for (const row of rounds) {
        const total = days.get(row.day);
        if (!total) continue;
        total.rounds += Number(row.rounds);
        total.gcWagered += Number(row.gc_wagered);
        total.gcWon += Number(row.gc_won);
        total.scWagered += Number(row.sc_wagered);
        total.scWon += Number(row.sc_won);
      }
      for (const total of days.values()) {
        // Summed in hundredths above, converted once here.
        total.gcWagered = fromHundredths(total.gcWagered);
        total.gcWon = fromHundredths(total.gcWon);
        total.scWagered = fromHundredths(total.scWagered);
        total.scWon = fromHundredths(total.scWon);
      }
      for (const row of purchases) {
        const total = days.get(row.day);
        if (total) Object.assign(total, { purchases: Number(row.purchases), purchaseAmount: fromHundredths(Number(row.amount)) });
      }
      for (const row of redemptions) {
        const total = days.get(row.day);
        if (total) {
          Object.assign(total, {
            redemptions: Number(row.redemptions),
            redemptionAmount: fromHundredths(Number(row.amount)),
            redemptionPaidAmount: fromHundredths(Number(row.paid)),
          });
        }
      }
      return { from, to, days: [...days.values()], games };
    },
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ would be a formula to a spreadsheet (CSV injection): prefixed with '.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportCsv(report: Report): string {
  const header = [
    'day',
    'game_id',
    'game',
    'provider',
    'rounds',
    'gc_wagered',
    'gc_won',
    'gc_rtp',
    'sc_wagered',
    'sc_won',
    'sc_rtp',
    'theoretical_rtp',
  ];
  const lines = report.games.map((row) =>
    [
      row.day,
      row.gameId,
      row.gameName,
      row.provider,
      row.rounds,
      row.gcWagered,
      row.gcWon,
      row.gcRtp,
      row.scWagered,
      row.scWon,
      row.scRtp,
      row.theoreticalRtp,
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
