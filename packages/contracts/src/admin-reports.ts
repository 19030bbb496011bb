import { z } from 'zod';

/**
 * The back office's reports: per UTC day and per game, rounds, GC and SC
 * wagered and won, measured RTP against the title's theoretical RTP; per day, paid purchases and
 * redemptions. Coins and dollars are decimals (the server converts hundredths at its edge).
 */
export const REPORT_MAX_DAYS = 92;

export const reportMessages = {
  dateFormat: 'Enter a date as yyyy-mm-dd.',
  rangeOrder: 'The first day must not be after the last day.',
  rangeLength: `Choose at most ${REPORT_MAX_DAYS} days.`,
} as const;

const day = z.iso.date(reportMessages.dateFormat);

const dayIndex = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** The range's rules speak only of two valid days; a malformed one has its own message. */
const bothDays = (range: { from: string; to: string }) => !Number.isNaN(dayIndex(range.from)) && !Number.isNaN(dayIndex(range.to));

/** A range of UTC days, both included. */
export const reportQuerySchema = z
  .object({ from: day, to: day })
  .refine((range) => !bothDays(range) || range.from <= range.to, { message: reportMessages.rangeOrder, path: ['to'] })
  .refine((range) => !bothDays(range) || dayIndex(range.to) - dayIndex(range.from) < REPORT_MAX_DAYS, {
    message: reportMessages.rangeLength,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const gameDayRowSchema = z.object({
  day: z.string(),
  gameId: z.number().int(),
  gameName: z.string(),
  provider: z.string(),
  rounds: z.number().int(),
  gcWagered: z.number(),
  gcWon: z.number(),
  scWagered: z.number(),
  scWon: z.number(),
  /** Won / wagered per coin, null without wagers. */
  gcRtp: z.number().nullable(),
  scRtp: z.number().nullable(),
  /** The title's declared RTP (in-house titles); null for an outside provider's game. */
  theoreticalRtp: z.number().nullable(),
});
export type GameDayRow = z.infer<typeof gameDayRowSchema>;

export const dayTotalsRowSchema = z.object({
  day: z.string(),
  rounds: z.number().int(),
  gcWagered: z.number(),
  gcWon: z.number(),
  scWagered: z.number(),
  scWon: z.number(),
  purchases: z.number().int(),
  /** US dollars. */
  purchaseAmount: z.number(),
  redemptions: z.number().int(),
  /** SC requested for redemption that day (not cancelled). */
  redemptionAmount: z.number(),
  /** Of those, SC paid out. */
  redemptionPaidAmount: z.number(),
});
export type DayTotalsRow = z.infer<typeof dayTotalsRowSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(dayTotalsRowSchema),
  games: z.array(gameDayRowSchema),
});
export type Report = z.infer<typeof reportSchema>;
