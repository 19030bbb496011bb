import type { MailInCard, MailInRequest, MailInRules } from '@casino/contracts/mail-in';
import { and, eq } from 'drizzle-orm';
import { ledgerTransfers, mailInCards, users } from '../../db/schema/index.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { testLedger } from '../../test/signed-in.js';

/** Helpers of the mail-in entry's tests: a player's code, an operator's card, what the ledger holds. */
export const today = () => new Date().toISOString().slice(0, 10);

export async function rulesNow(client: TestClient): Promise<MailInRules> {
  const response = await client.get<{ data: MailInRules }>('mail-in/rules');
  if (response.status !== 200) throw new Error(`GET mail-in/rules answered ${response.status}`);
  return response.body.data;
}

export async function newCode(player: TestClient): Promise<MailInRequest> {
  const response = await player.post<{ data: MailInRequest }>('mail-in/requests', {});
  if (response.status !== 200) throw new Error(`POST mail-in/requests answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export function enterCard(operator: TestClient, card: { code: string; postmarkDate?: string; identityMatches?: boolean; reason?: string }) {
  return operator.post<{ data: MailInCard; message: string; errors?: { errorCode: number }[] }>('/api/admin/mail-in/cards', {
    postmarkDate: today(),
    identityMatches: true,
    reason: 'Card received in the morning post',
    ...card,
  });
}

export async function bonusScOf(userId: number): Promise<number> {
  return (await (await testLedger()).balances(userId)).bsc;
}

/** The transfers the ledger holds under a request's key (one after a credit, whatever was tried). */
export async function creditsOfRequest(requestId: number) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `mail-in:${requestId}`));
}

export async function creditedCardsOf(requestId: number) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(mailInCards)
    .where(and(eq(mailInCards.requestId, requestId), eq(mailInCards.outcome, 'credited')));
}

/** Gives a test player the name and address the desk compares a card with. */
export async function giveAddress(userId: number): Promise<void> {
  const { database } = await testServer();
  await database.db
    .update(users)
    .set({ firstName: 'Ada', lastName: 'Lovelace', addressLine1: '12 Analytical Way', city: 'Wilmington', state: 'DE', zipCode: '19801' })
    .where(eq(users.id, userId));
}
