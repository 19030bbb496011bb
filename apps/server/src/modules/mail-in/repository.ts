import type { MailInCard, MailInLookup, MailInRequest } from '@casino/contracts/mail-in';
import { fromHundredths } from '@casino/contracts/money';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { mailInCards, mailInRequests, operators, users } from '../../db/schema/index.js';

/** The mail-in entry's queries (docs/ARCHITECTURE.md 'Data layer'); the service holds the rules. */
export type MailInRequestRow = typeof mailInRequests.$inferSelect;
export type MailInCardRow = typeof mailInCards.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toPlayerRequest(row: MailInRequestRow): MailInRequest {
  return {
    requestId: row.id,
    code: row.code,
    status: row.status,
    refusalReason: row.refusalReason,
    sc: row.scAmount === null ? null : fromHundredths(row.scAmount),
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

/** A player's requests, newest first (mail_in_requests_user_idx). */
export function requestsOf(db: DbExecutor, userId: number, limit = 50): Promise<MailInRequestRow[]> {
  return db
    .select()
    .from(mailInRequests)
    .where(eq(mailInRequests.userId, userId))
    .orderBy(desc(mailInRequests.createdAt), desc(mailInRequests.id))
    .limit(limit);
}

export async function openRequestOf(db: DbExecutor, userId: number): Promise<MailInRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(mailInRequests)
    .where(and(eq(mailInRequests.userId, userId), eq(mailInRequests.status, 'open')));
  return row;
}

/** The request with this (normalised) code; `lock` holds its row until the transaction ends. */
export async function requestByCode(db: DbExecutor, code: string, lock?: 'lock'): Promise<MailInRequestRow | undefined> {
  const query = db.select().from(mailInRequests).where(eq(mailInRequests.code, code));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The player's credited cards since `from` (mail_in_requests_credited_idx). */
export async function creditedSince(db: DbExecutor, userId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailInRequests)
    .where(and(eq(mailInRequests.userId, userId), eq(mailInRequests.status, 'credited'), gte(mailInRequests.decidedAt, from)));
  return row?.value ?? 0;
}

export async function lookupByCode(db: DbExecutor, code: string): Promise<MailInLookup | undefined> {
  const [row] = await db
    .select({ request: mailInRequests, player: users })
    .from(mailInRequests)
    .innerJoin(users, eq(users.id, mailInRequests.userId))
    .where(eq(mailInRequests.code, code));
  if (!row) return undefined;
  const { request, player } = row;
  const name = [player.firstName, player.lastName].filter(Boolean).join(' ');
  const cityLine = [player.city, [player.state, player.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [player.addressLine1, player.addressLine2, cityLine].filter(Boolean).join(', ');
  return {
    requestId: request.id,
    code: request.code,
    status: request.status,
    refusalReason: request.refusalReason,
    createdAt: request.createdAt.toISOString(),
    decidedAt: iso(request.decidedAt),
    player: { userId: player.id, username: player.username, name: name || null, address: address || null },
  };
}

/** The cards entered, newest first (mail_in_cards_created_idx), or those of one code. */
export async function listCards(db: DbExecutor, query: { limit: number; code?: string | undefined }): Promise<MailInCard[]> {
  const rows = await db
    .select({ card: mailInCards, request: mailInRequests, username: users.username, operatorEmail: operators.email })
    .from(mailInCards)
    .leftJoin(mailInRequests, eq(mailInRequests.id, mailInCards.requestId))
    .leftJoin(users, eq(users.id, mailInRequests.userId))
    .leftJoin(operators, eq(operators.id, mailInCards.operatorId))
    .where(query.code ? sql`${mailInCards.codeEntered} = ${query.code}` : undefined)
    .orderBy(desc(mailInCards.createdAt), desc(mailInCards.id))
    .limit(query.limit);
  return rows.map(({ card, request, username, operatorEmail }) => toCard(card, request, username, operatorEmail));
}

export function toCard(
  card: MailInCardRow,
  request: MailInRequestRow | null,
  username: string | null,
  operatorEmail: string | null,
): MailInCard {
  return {
    cardId: card.id,
    codeEntered: card.codeEntered,
    requestId: card.requestId,
    userId: request?.userId ?? null,
    username,
    postmarkDate: card.postmarkDate,
    identityMatches: card.identityMatches,
    outcome: card.outcome,
    refusalReason: card.refusalReason,
    sc: card.outcome === 'credited' && request?.scAmount ? fromHundredths(request.scAmount) : null,
    transferId: card.transferId,
    operatorEmail,
    note: card.note,
    createdAt: card.createdAt.toISOString(),
  };
}
