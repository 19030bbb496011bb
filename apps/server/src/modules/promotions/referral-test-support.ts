import type { DomainEvent } from '@casino/contracts/events';
import { eq } from 'drizzle-orm';
import { referrals } from '../../db/schema/index.js';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { createTestPlayers } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import { createPromotionsService, type PromotionsService } from './service.js';

/**
 * Referral rewards driven without purchases: a promotions service over the test database with its
 * own daily cap, friends linked to a referrer directly, and the PurchaseCredited event their first
 * purchase would deliver. Each friend is a person of their own (own mailbox, no phone, no card, no
 * identity, no recorded sign-up device).
 */
export async function standalonePromotions(dailyRewardCap: number): Promise<PromotionsService> {
  const { database } = await testServer();
  return createPromotionsService({
    db: database.db,
    bus: createEventBus(database.db, { log: { error: () => undefined } }),
    ledger: createLedgerService(database.db),
    site: { publicUrl: 'http://referrals.test', REFERRAL_DAILY_REWARD_CAP: dailyRewardCap },
  });
}

export async function referrerWithFriends(count: number): Promise<{ referrerId: number; friendIds: number[] }> {
  const { database } = await testServer();
  const [referrerId, ...friendIds] = await createTestPlayers(database.db, count + 1);
  await database.db.insert(referrals).values(friendIds.map((referredUserId) => ({ referredUserId, referrerUserId: referrerId! })));
  return { referrerId: referrerId!, friendIds };
}

let fakeIntentId = 900_000_000;

/** The event of a friend's first purchase (the intent is not looked up by the reward). */
export function firstPurchase(friendId: number): DomainEvent {
  fakeIntentId += 1;
  return {
    type: 'PurchaseCredited',
    payload: { userId: friendId, intentId: fakeIntentId, packageId: 1, amount: 199, gc: 1_000_000, sc: 0, transferId: 1 },
  };
}

/** Delivers one event to the reward's subscriber in a transaction of its own, as one delivery would. */
export async function deliver(promotions: PromotionsService, event: DomainEvent): Promise<void> {
  const { database } = await testServer();
  const subscriber = promotions.referralSubscriber;
  if (!('handle' in subscriber)) throw new Error('the referral subscriber takes events one at a time');
  await database.db.transaction(async (tx) => {
    await subscriber.handle(event, { tx, eventId: 0, occurredAt: new Date(), afterCommit: () => undefined });
  });
}

export async function referralOf(friendId: number) {
  const { database } = await testServer();
  const [row] = await database.db.select().from(referrals).where(eq(referrals.referredUserId, friendId));
  return row!;
}
