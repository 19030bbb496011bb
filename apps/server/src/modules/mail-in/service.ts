import {
  normaliseMailInCode,
  type MailInCard,
  type MailInLookup,
  type MailInRefusalReason,
  type MailInRequest,
  type MailInRequestRefusal,
  type MailInRules,
} from '@casino/contracts/mail-in';
import { fromHundredths } from '@casino/contracts/money';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { mailInCards, mailInRequests, users } from '../../db/schema/index.js';
import type { EventBus } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { LedgerService } from '../../money/ledger/types.js';
import { capPeriodStart, newMailInCode, postmarkWithinRules } from './codes.js';
import {
  creditedSince,
  listCards,
  lookupByCode,
  openRequestOf,
  requestByCode,
  requestsOf,
  toCard,
  toPlayerRequest,
  type MailInCardRow,
  type MailInRequestRow,
} from './repository.js';
import { readMailInSettings, type MailInSettings } from './settings.js';

/**
 * Mail-in entry, the free alternate method of entry (docs/decisions/069-mail-in-entry.md).
 *
 * - A player asks for a request code (at most one open at a time: mail_in_requests_open_key).
 * - An operator enters each card received: its code, postmark day and whether the name and
 *   address match the account. The card is decided in one unit of work under the code's player's
 *   ledger lock and the request's row lock, so two operators entering the same card at once
 *   decide it once: the first credits it, the second finds it used. A valid card credits the
 *   configured SC as bonus SC (ledger key `mail-in:<request>`, so never twice); a refused one
 *   records why. Either way the card is kept (mail_in_cards), audited, and a decided request
 *   tells its player by e-mail (MailInEntryDecided).
 */
export interface CardEntry {
  code: string;
  postmarkDate: string;
  identityMatches: boolean;
  reason: string;
}

export interface CardAuditRecord {
  action: 'mail_in.card.credit' | 'mail_in.card.refuse';
  targetType: 'mail_in_request' | 'mail_in_card';
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string;
}

export interface MailInService {
  rules(): Promise<MailInRules>;
  requests(userId: number): Promise<MailInRequest[]>;
  /** A new code for the player; 3870 while one is open. */
  requestCode(userId: number): Promise<MailInRequest>;
  /** The request of a code as typed (404 when no request has it). */
  lookup(code: string): Promise<MailInLookup>;
  /** Decides a card; `audit` writes the operator's record in the same transaction. */
  enterCard(entry: CardEntry, operatorId: number, audit: (tx: Transaction, record: CardAuditRecord) => Promise<void>): Promise<MailInCard>;
  cards(query: { limit: number; code?: string | undefined }): Promise<MailInCard[]>;
}

export function toRules(settings: MailInSettings): MailInRules {
  return { ...settings, scAmount: fromHundredths(settings.scAmount) };
}

export function createMailInService(deps: { db: Database; bus: EventBus; ledger: LedgerService }): MailInService {
  const { db, bus, ledger } = deps;

  /** What a card decides of an open request, by the rules in force (checked in this order). */
  async function judge(tx: Transaction, request: MailInRequestRow, entry: CardEntry, settings: MailInSettings) {
    if (!entry.identityMatches) return 'identity_mismatch' as const;
    if (!postmarkWithinRules(entry.postmarkDate, request.createdAt, settings.postmarkDays)) return 'postmark_outside_rules' as const;
    const credited = await creditedSince(tx, request.userId, capPeriodStart(settings.capPeriod, new Date()));
    if (credited >= settings.capCount) return 'cap_reached' as const;
    return null;
  }

  async function keepCard(
    tx: Transaction,
    entry: CardEntry,
    operatorId: number,
    values: { requestId: number | null; refusalReason: MailInRefusalReason | null; transferId: number | null },
  ): Promise<MailInCardRow> {
    const [card] = await tx
      .insert(mailInCards)
      .values({
        requestId: values.requestId,
        codeEntered: normaliseMailInCode(entry.code).slice(0, 40) || entry.code.slice(0, 40),
        postmarkDate: entry.postmarkDate,
        identityMatches: entry.identityMatches,
        outcome: values.refusalReason ? 'refused' : 'credited',
        refusalReason: values.refusalReason,
        transferId: values.transferId,
        operatorId,
        note: entry.reason,
      })
      .returning();
    return card!;
  }

  const auditedRequest = (row: MailInRequestRow) => ({
    requestId: row.id,
    userId: row.userId,
    status: row.status,
    refusalReason: row.refusalReason,
    sc: row.scAmount === null ? null : fromHundredths(row.scAmount),
    transferId: row.transferId,
  });

  return {
    async rules() {
      return toRules(await readMailInSettings(db));
    },

    async requests(userId) {
      return (await requestsOf(db, userId)).map(toPlayerRequest);
    },

    async requestCode(userId) {
      try {
        return await bus.run(async ({ tx }) => {
          if (await openRequestOf(tx, userId)) throw new AppError('MailInRequestOpen');
          const [row] = await tx.insert(mailInRequests).values({ userId, code: newMailInCode() }).returning();
          return toPlayerRequest(row!);
        });
      } catch (error) {
        // Two requests at the same moment: the partial unique index lets one open request in.
        if (isUniqueViolation(error, ['mail_in_requests_open_key'])) throw new AppError('MailInRequestOpen');
        throw error;
      }
    },

    async lookup(typed) {
      const found = await lookupByCode(db, normaliseMailInCode(typed));
      if (!found) throw new AppError('NotFound', 'No request has this code. Check the card and type the code again.');
      return found;
    },

    enterCard: (entry, operatorId, audit) =>
      bus.run(async ({ tx, record }) => {
        const code = normaliseMailInCode(entry.code);
        const found = await requestByCode(tx, code);
        // The player's lock first (every money action of a player takes it first), then the
        // request's row, read again under both: a second operator entering the same card waits
        // here and finds it decided.
        if (found) await ledger.lockPlayer(tx, found.userId);
        const request = found ? await requestByCode(tx, code, 'lock') : undefined;
        if (!request) {
          const card = await keepCard(tx, entry, operatorId, { requestId: null, refusalReason: 'code_unknown', transferId: null });
          await audit(tx, {
            action: 'mail_in.card.refuse',
            targetType: 'mail_in_card',
            targetId: String(card.id),
            before: null,
            after: { cardId: card.id, code: card.codeEntered, postmarkDate: entry.postmarkDate, refusalReason: 'code_unknown' },
            reason: entry.reason,
          });
          return toCard(card, null, null, null);
        }
        const [player] = await tx.select({ username: users.username }).from(users).where(eq(users.id, request.userId));
        const username = player?.username ?? null;
        const cardAfter = (card: MailInCardRow) => ({
          cardId: card.id,
          code: card.codeEntered,
          postmarkDate: card.postmarkDate,
          identityMatches: card.identityMatches,
          outcome: card.outcome,
          refusalReason: card.refusalReason,
        });

        if (request.status !== 'open') {
          const card = await keepCard(tx, entry, operatorId, { requestId: request.id, refusalReason: 'code_used', transferId: null });
          await audit(tx, {
            action: 'mail_in.card.refuse',
            targetType: 'mail_in_request',
            targetId: String(request.id),
            before: auditedRequest(request),
            after: { ...auditedRequest(request), card: cardAfter(card) },
            reason: entry.reason,
          });
          return toCard(card, request, username, null);
        }

        const settings = await readMailInSettings(tx);
        const refusal: MailInRequestRefusal | null = await judge(tx, request, entry, settings);
        let transferId: number | null = null;
        if (refusal === null) {
          const credit = await ledger.creditBonus(tx, {
            userId: request.userId,
            gc: 0,
            sc: settings.scAmount,
            reason: 'mail_in_entry',
            idempotencyKey: `mail-in:${request.id}`,
            reference: `mail_in_request:${request.id}`,
            details: { requestId: request.id, postmarkDate: entry.postmarkDate },
          });
          transferId = credit.transferId;
        }
        const [decided] = await tx
          .update(mailInRequests)
          .set({
            status: refusal ? 'refused' : 'credited',
            refusalReason: refusal,
            scAmount: refusal ? null : settings.scAmount,
            transferId,
            decidedAt: new Date(),
            decidedBy: operatorId,
          })
          .where(eq(mailInRequests.id, request.id))
          .returning();
        const card = await keepCard(tx, entry, operatorId, { requestId: request.id, refusalReason: refusal, transferId });
        if (transferId !== null) {
          // The player's wallet socket hears the new balance from this event.
          await record({
            type: 'BonusCredited',
            payload: { userId: request.userId, bonusType: 'mail_in_entry', gc: 0, sc: settings.scAmount, transferId },
          });
        }
        await record({
          type: 'MailInEntryDecided',
          payload: {
            userId: request.userId,
            requestId: request.id,
            outcome: refusal ? 'refused' : 'credited',
            sc: refusal ? 0 : settings.scAmount,
            refusalReason: refusal,
          },
        });
        await audit(tx, {
          action: refusal ? 'mail_in.card.refuse' : 'mail_in.card.credit',
          targetType: 'mail_in_request',
          targetId: String(request.id),
          before: auditedRequest(request),
          after: { ...auditedRequest(decided!), card: cardAfter(card) },
          reason: entry.reason,
        });
        return toCard(card, decided!, username, null);
      }),

    cards: (query) => listCards(db, { limit: query.limit, code: query.code ? normaliseMailInCode(query.code) : undefined }),
  };
}
