import { reportQuerySchema, type DayTotalsRow, type GameDayRow, type ReportQuery } from '@casino/contracts/admin-reports';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatAmount } from '../../../lib/format';
import { adminErrorText } from '../admin-http';
import { AdminTable, type AdminColumn } from '../admin-table';
import { Panel } from '../notices';
import { BarChart } from './bar-chart';
import { reportCsvUrl, useReport } from './reports-api';

/**
 * Reports: per UTC day, money in and out as charts and a table; per game, the
 * measured RTP against the title's theoretical one (a bar with a tick), and the rows as CSV.
 */
const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);
const dollars = (value: number) => `$${formatAmount(value)}`;

interface GameTotals {
  gameId: number;
  gameName: string;
  provider: string;
  rounds: number;
  scWagered: number;
  scWon: number;
  gcWagered: number;
  gcWon: number;
  theoreticalRtp: number | null;
}

/** The range's rows of one game added up: the RTP of a range is its sums' ratio, not an average of days. */
function byGame(rows: readonly GameDayRow[]): GameTotals[] {
  const games = new Map<number, GameTotals>();
  for (const row of rows) {
    const total = games.get(row.gameId) ?? { ...row, rounds: 0, scWagered: 0, scWon: 0, gcWagered: 0, gcWon: 0 };
    total.rounds += row.rounds;
    total.scWagered += row.scWagered;
    total.scWon += row.scWon;
    total.gcWagered += row.gcWagered;
    total.gcWon += row.gcWon;
    games.set(row.gameId, total);
  }
  return [...games.values()].sort((a, b) => b.rounds - a.rounds);
}

const rtpOf = (won: number, wagered: number) => (wagered > 0 ? won / wagered : null);

/** Measured RTP as a bar on a 0–150% scale, the theoretical RTP as a tick. */
function RtpMeter({ measured, theoretical }: { measured: number | null; theoretical: number | null }) {
  const scale = (value: number) => Math.min(100, (value / 1.5) * 100);
  return (
    <span className="flex items-center gap-2">
      <span className="relative h-2.5 w-28 shrink-0 rounded bg-night-700" aria-hidden="true">
        {measured !== null ? (
          <span
            className={`absolute inset-y-0 left-0 rounded ${theoretical !== null && measured > theoretical ? 'bg-danger/80' : 'bg-emerald-sc/80'}`}
            style={{ width: `${scale(measured)}%` }}
          />
        ) : null}
        {theoretical !== null ? (
          <span className="absolute -inset-y-1 w-0.5 bg-gold-300" style={{ left: `${scale(theoretical)}%` }} />
        ) : null}
      </span>
      <span className="whitespace-nowrap">{percent(measured)}</span>
    </span>
  );
}

export default function ReportsPage() {
  // The last 14 UTC days, fixed when the page opens.
  const [range, setRange] = useState<ReportQuery>(() => {
    const today = Date.now();
    return { from: isoDay(today - 13 * DAY_MS), to: isoDay(today) };
  });
  const report = useReport(range);
  const form = useForm<ReportQuery>({ resolver: zodResolver(reportQuerySchema), defaultValues: range });
  const { errors } = form.formState;
  const days = report.data?.days ?? [];
  const games = byGame(report.data?.games ?? []);

  const dayColumns: AdminColumn<DayTotalsRow>[] = [
    { key: 'day', header: 'Day (UTC)', cell: (row) => <span className="whitespace-nowrap">{row.day}</span> },
    { key: 'rounds', header: 'Rounds', cell: (row) => row.rounds.toLocaleString('en-US'), align: 'right' },
    { key: 'gcW', header: 'GC wagered', cell: (row) => formatAmount(row.gcWagered), align: 'right' },
    { key: 'gcWon', header: 'GC won', cell: (row) => formatAmount(row.gcWon), align: 'right' },
    { key: 'scW', header: 'SC wagered', cell: (row) => formatAmount(row.scWagered), align: 'right' },
    { key: 'scWon', header: 'SC won', cell: (row) => formatAmount(row.scWon), align: 'right' },
    { key: 'scRtp', header: 'SC RTP', cell: (row) => percent(rtpOf(row.scWon, row.scWagered)), align: 'right' },
    { key: 'buys', header: 'Purchases', cell: (row) => `${row.purchases} · ${dollars(row.purchaseAmount)}`, align: 'right' },
    {
      key: 'redeem',
      header: 'Redemptions (SC)',
      cell: (row) => `${row.redemptions} · ${formatAmount(row.redemptionAmount)} (paid ${formatAmount(row.redemptionPaidAmount)})`,
      align: 'right',
    },
  ];
  const gameColumns: AdminColumn<GameTotals>[] = [
    {
      key: 'game',
      header: 'Game',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">{row.gameName}</span>
          <span className="text-ink-muted">{row.provider}</span>
        </span>
      ),
    },
    { key: 'rounds', header: 'Rounds', cell: (row) => row.rounds.toLocaleString('en-US'), align: 'right' },
    { key: 'scW', header: 'SC wagered', cell: (row) => formatAmount(row.scWagered), align: 'right' },
    { key: 'scWon', header: 'SC won', cell: (row) => formatAmount(row.scWon), align: 'right' },
    {
      key: 'scRtp',
      header: 'SC RTP',
      cell: (row) => <RtpMeter measured={rtpOf(row.scWon, row.scWagered)} theoretical={row.theoreticalRtp} />,
    },
    {
      key: 'gcRtp',
      header: 'GC RTP',
      cell: (row) => <RtpMeter measured={rtpOf(row.gcWon, row.gcWagered)} theoretical={row.theoreticalRtp} />,
    },
    { key: 'theory', header: 'Theoretical', cell: (row) => percent(row.theoreticalRtp), align: 'right' },
  ];

  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-xl font-bold text-ink">Reports</h1>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => setRange(values))(event)}
        className="flex flex-wrap items-end gap-3"
        noValidate
      >
        <Input label="From (UTC day)" type="date" error={errors.from?.message} {...form.register('from')} />
        <Input label="To (UTC day)" type="date" error={errors.to?.message} {...form.register('to')} />
        <Button type="submit" size="sm" loading={report.isFetching}>
          Show
        </Button>
        <a
          href={reportCsvUrl(range)}
          download
          className="rounded border border-night-500 px-3 py-2 text-xs font-semibold text-ink-muted hover:border-gold-400 hover:text-gold-300"
        >
          Download CSV (per day and game)
        </a>
      </form>
      {report.isError ? <p className="text-sm text-danger">{adminErrorText(report.error)}</p> : null}
      <div className="grid gap-3 lg:grid-cols-2">
        <Panel title="Sweeps Coins played">
          <BarChart
            title="SC per day"
            labels={days.map((row) => row.day)}
            series={[
              { label: 'Wagered', fillClass: 'fill-gold-400', values: days.map((row) => row.scWagered) },
              { label: 'Won', fillClass: 'fill-emerald-sc', values: days.map((row) => row.scWon) },
            ]}
            format={formatAmount}
          />
        </Panel>
        <Panel title="Money in and out">
          <BarChart
            title="Per day"
            labels={days.map((row) => row.day)}
            series={[
              { label: 'Purchases ($)', fillClass: 'fill-gold-400', values: days.map((row) => row.purchaseAmount) },
              { label: 'Redemptions (SC)', fillClass: 'fill-danger', values: days.map((row) => row.redemptionAmount) },
            ]}
            format={formatAmount}
          />
        </Panel>
      </div>
      <AdminTable
        caption="Per game, measured RTP against the title's (the tick)"
        columns={gameColumns}
        rows={games}
        rowKey={(row) => row.gameId}
        loading={report.isFetching && !report.data}
        emptyText="No rounds in this range."
        minWidth={820}
      />
      <AdminTable
        caption="Per day (UTC)"
        columns={dayColumns}
        rows={days}
        rowKey={(row) => row.day}
        loading={report.isFetching && !report.data}
        minWidth={980}
      />
    </div>
  );
}
