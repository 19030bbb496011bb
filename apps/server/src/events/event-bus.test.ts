import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { outboxEvents } from '../db/schema/index.js';
import { createTestPlayers } from '../money/ledger/test-players.js';
import { testServer } from '../test/harness.js';
import { createEventBus, type EventBus } from './event-bus.js';

/**
 * When an action answers (docs/decisions/066-event-delivery.md): by default once
 * its events were delivered; with `wait: false` at once, its events following in the next
 * delivery, unless deliveries are behind, when it waits for its own. While a delivery is held,
 * only promises are looked at: the embedded database has one connection, which the held delivery's
 * transaction keeps.
 */

const log = { error: () => undefined };

/** A bet event written and left undelivered; answers its id. */
async function undeliveredBet(db: Database): Promise<number> {
  const [userId] = (await createTestPlayers(db, 1)) as [number];
  const writer = createEventBus(db, { log, deliverAfterCommit: false });
  await writer.run(async ({ record }) => {
    await record({ type: 'BetPlaced', payload: { userId, gameId: 1, roundId: 'held', coin: 'GC', amount: 100, transferId: 1 } });
  });
  const [event] = await db.select({ id: outboxEvents.id }).from(outboxEvents).where(eq(outboxEvents.userId, userId));
  return event!.id;
}

/** A bus whose only subscriber takes BetPlaced events and holds each delivery until `release`. */
function heldBus(db: Database): { bus: EventBus; handled: number[]; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handled: number[] = [];
  const bus = createEventBus(db, { log });
  bus.subscribe({
    name: 'held',
    handles: ['BetPlaced'],
    async handleBatch(events) {
      await held;
      handled.push(...events.map((one) => one.eventId));
    },
  });
  return { bus, handled, release };
}

/** Whether each promise has settled, after the event loop ran for a while. */
async function settledAfterAWhile(promises: readonly Promise<void>[]): Promise<boolean[]> {
  const settled = promises.map(() => false);
  promises.forEach((promise, index) => void promise.then(() => (settled[index] = true)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return settled;
}

async function deliveredAt(db: Database, eventId: number): Promise<Date | null> {
  const [row] = await db.select({ deliveredAt: outboxEvents.deliveredAt }).from(outboxEvents).where(eq(outboxEvents.id, eventId));
  return row!.deliveredAt;
}

describe('when an action answers', () => {
  it('waits for its events to be delivered by default', async () => {
    const { db } = (await testServer()).database;
    const eventId = await undeliveredBet(db);
    const { bus, handled, release } = heldBus(db);
    const delivering = bus.deliver([eventId]);
    expect(await settledAfterAWhile([delivering])).toEqual([false]);
    release();
    await delivering;
    expect(handled).toEqual([eventId]);
    expect(await deliveredAt(db, eventId)).toBeInstanceOf(Date);
  });

  it('answers at once without waiting, and the delivery follows; idle() waits for it', async () => {
    const { db } = (await testServer()).database;
    const eventId = await undeliveredBet(db);
    const { bus, handled, release } = heldBus(db);
    expect(await settledAfterAWhile([bus.deliver([eventId], { wait: false })])).toEqual([true]);
    expect(handled).toEqual([]);
    const idle = bus.idle();
    expect(await settledAfterAWhile([idle])).toEqual([false]);
    release();
    await idle;
    expect(handled).toEqual([eventId]);
    expect(await deliveredAt(db, eventId)).toBeInstanceOf(Date);
  });

  it('waits for its own delivery when more actions wait than one delivery takes', async () => {
    const { db } = (await testServer()).database;
    const eventIds = [await undeliveredBet(db), await undeliveredBet(db)];
    const { bus, handled, release } = heldBus(db);
    // The first action's delivery is held; 100 more wait for the next delivery, which takes 100.
    const first = bus.deliver([eventIds[0]!], { wait: false });
    const queued = Array.from({ length: 100 }, () => bus.deliver([eventIds[1]!], { wait: false }));
    const beyond = bus.deliver([eventIds[1]!], { wait: false });
    expect(await settledAfterAWhile([first, ...queued, beyond])).toEqual([...Array<boolean>(101).fill(true), false]);
    release();
    await beyond;
    // Each event was delivered once, the second in the first of the deliveries that carried it.
    expect(handled).toEqual(eventIds);
    for (const eventId of eventIds) expect(await deliveredAt(db, eventId)).toBeInstanceOf(Date);
  });
});

describe('writing an event', () => {
  it('refuses a payload its contract refuses, and the action writes nothing', async () => {
    const { database } = await testServer();
    const [userId] = (await createTestPlayers(database.db, 1)) as [number];
    const bus = createEventBus(database.db, { log, deliverAfterCommit: false });
    const action = bus.run(async ({ record }) => {
      await record({ type: 'NewDeviceSignIn', payload: { userId, device: '' } });
    });
    await expect(action).rejects.toThrow(/device/);
    expect(await database.db.select().from(outboxEvents).where(eq(outboxEvents.userId, userId))).toEqual([]);
  });
});
