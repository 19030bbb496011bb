import { parseDomainEvent, type DomainEvent, type DomainEventType } from '@casino/contracts/events';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { bigintArray } from '../db/array-literals.js';
import { statementRows, type Database, type Transaction } from '../db/client.js';
import { outboxEvents } from '../db/schema/index.js';
import { retryDelaySeconds } from '../jobs/job-runner.js';

/**
 * One business action, one database transaction (docs/ARCHITECTURE.md 'The money core'): `run` opens the
 * transaction, the action writes its rows, its ledger transfers and its domain events in it, and
 * everything commits together or not at all. After the commit the action's events are delivered
 * to the subscribers; whatever is not delivered then (a crash, a failing subscriber) is delivered
 * by the outbox sweep job (events/outbox-jobs.ts), so every event reaches every subscriber at
 * least once.
 *
 * A delivery is one transaction per batch of events: it locks the event rows and marks them
 * delivered (skip locked: an event another process is delivering is skipped, not waited for),
 * then hands each subscriber the events it handles (one at a time, or all at once to a batch
 * subscriber) with that transaction. A subscriber's database rows therefore commit exactly once
 * with the mark; its outside effects (socket
 * messages) happen at least once and must be idempotent (they send current state, never a
 * difference). Actions that commit together share a delivery (group delivery, `deliverSoon`).
 */
export interface UnitOfWork {
  /** The action's transaction: every query of the action runs on it (PGlite has one connection). */
  tx: Transaction;
  /** Writes a domain event in this transaction; it is delivered after the commit. */
  record: (event: DomainEvent) => Promise<void>;
  /** Events a database function wrote in this transaction (wallet_bet...): delivered after the commit too. */
  adopt: (eventIds: readonly number[]) => void;
  /** Runs `effect` once the transaction committed, before the events are delivered (never on rollback). */
  afterCommit: (effect: () => void) => void;
}

/**
 * Writes a domain event to the outbox in `tx`, checked against its contract (packages/contracts/src/events.ts):
 * the one way TypeScript writes an event, for a unit of work (`record`) and for a subscriber
 * that raises an event of its own in its delivery's transaction. Answers the event's id.
 */
export async function writeEvent(tx: Transaction, event: DomainEvent): Promise<number> {
  // Checked as delivery will read it: an event its contract refuses fails the action that wrote
  // it, here, instead of failing every delivery of the outbox after the commit.
  const checked = parseDomainEvent(event.type, event.payload);
  const [row] = await tx
    .insert(outboxEvents)
    .values({ type: checked.type, userId: checked.payload.userId, payload: checked.payload })
    .returning({ id: outboxEvents.id });
  return row!.id;
}

export interface EventContext {
  tx: Transaction;
  eventId: number;
  /** When the action that wrote the event committed (its transaction's time). */
  occurredAt: Date;
  /**
   * Runs `effect` once this delivery's transaction committed (never when it rolls back and is
   * tried again): an outside effect whose record the subscriber wrote in the delivery, such as a
   * queued mail, is started only once that record exists. Not awaited by the delivery.
   */
  afterCommit: (effect: () => Promise<void>) => void;
}

/** An event as a delivery hands it to a subscriber that takes a delivery's events at once. */
export interface DeliveredEvent {
  event: DomainEvent;
  eventId: number;
  occurredAt: Date;
}

interface SubscriberBase {
  /** For logs: which subscriber failed. */
  name: string;
  handles: readonly DomainEventType[];
}

/**
 * A subscriber takes a delivery's events one at a time (`handle`) or all at once (`handleBatch`,
 * with the events it handles in the order they were written): a batch subscriber writes a
 * delivery's changes in a few set-based statements, whatever the number of events, which keeps
 * the delivery of twenty players' rounds as short as that of one.
 */
export type Subscriber =
  | (SubscriberBase & { handle(event: DomainEvent, context: EventContext): Promise<void> | void })
  | (SubscriberBase & { handleBatch(events: readonly DeliveredEvent[], tx: Transaction): Promise<void> | void });

export interface EventBus {
  subscribe(subscriber: Subscriber): void;
  /** Runs `work` as one transaction and delivers the events it recorded once it committed. */
  run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Delivers these committed events now (after an action that committed on its own), and by
   * default resolves once they were delivered. With `wait: false` it resolves at once, unless
   * deliveries are behind (more actions waiting than one delivery takes): the action then waits
   * for its own, so a process that cannot keep up slows its callers instead of queueing without end.
   */
  deliver(eventIds: readonly number[], options?: { wait?: boolean }): Promise<void>;
  /** Resolves once every delivery asked for so far has run (before the database closes). */
  idle(): Promise<void>;
  /** Delivers every event that is due (the sweep); answers how many were delivered. */
  deliverDue(limit?: number): Promise<number>;
}

export interface EventBusOptions {
  log: { error: (object: unknown, message: string) => void };
  /**
   * False: leave events to the sweep instead of delivering them right after the commit (a test
   * stands in for a process that died between the commit and the delivery).
   */
  deliverAfterCommit?: boolean;
}

/** After this many failed deliveries an event is set aside (failed_at) for an operator to look at. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/**
 * Actions whose events one group delivery takes at most (a round has two events). One delivery
 * runs at a time per process: the actions that commit meanwhile wait and go together in the next.
 * Four at once, each with a share of the waiting actions, cost a round about a third more CPU
 * in delivery commits and statements than one at a time, and answered fewer rounds per second
 * (docs/decisions/066-event-delivery.md).
 */
const GROUP_DELIVERY_ACTIONS = 100;
/** Events the sweep delivers in one transaction. */
const DELIVERY_BATCH = 50;

/**
 * A delivery's first statement: it locks the events asked for (skip locked: those another process
 * is delivering are left to it), marks those not yet delivered nor set aside, and answers them in
 * the order they were written. The ids are one array parameter, so the text is prepared once.
 */
const LOCK_AND_MARK = `with locked as (
    select id, type, payload, created_at, delivered_at, failed_at from outbox_events
    where id = any($1::bigint[]) order by id for update skip locked
  ), marked as (
    update outbox_events set delivered_at = now()
    where id in (select id from locked where delivered_at is null and failed_at is null)
    returning id
  )
  select locked.id, locked.type, locked.payload, locked.created_at
  from locked join marked using (id) order by locked.id`;

export function createEventBus(db: Database, options: EventBusOptions): EventBus {
  const subscribers: Subscriber[] = [];
  const deliverAfterCommit = options.deliverAfterCommit ?? true;

  /**
   * Delivers a batch of events in one transaction: the rows still undelivered are locked and
   * marked delivered (skip locked: those another process is delivering are left to it), then
   * each subscriber handles those of its types in order. A failing batch is rolled back, mark
   * included, and split: each event is tried alone, so one bad event delays only itself.
   */
  async function deliver(eventIds: readonly number[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    const effects: (() => Promise<void>)[] = [];
    const afterCommit = (effect: () => Promise<void>) => {
      effects.push(effect);
    };
    try {
      const count = await db.transaction(async (tx) => {
        effects.length = 0;
        // One statement locks the batch's events and marks those still undelivered; the
        // subscribers then run in the same transaction, so a failure takes the mark back with
        // their writes. By primary key alone, and "not yet delivered" asked of the locked rows,
        // not of the table: asked of the table, it lets PostgreSQL answer from the partial
        // index of pending events, which looks nearly empty but holds a dead entry for every
        // event delivered since the last vacuum, and walk them all at every delivery
        // (docs/decisions/066-event-delivery.md).
        const rows = await statementRows<{ id: string | number; type: string; payload: unknown; created_at: Date | string }>(
          tx,
          LOCK_AND_MARK,
          [bigintArray(eventIds)],
        );
        const delivered: DeliveredEvent[] = rows.map((row) => ({
          event: parseDomainEvent(row.type, row.payload),
          eventId: Number(row.id),
          occurredAt: new Date(row.created_at),
        }));
        for (const subscriber of subscribers) {
          const mine = delivered.filter((one) => subscriber.handles.includes(one.event.type));
          if (mine.length === 0) continue;
          try {
            if ('handleBatch' in subscriber) await subscriber.handleBatch(mine, tx);
            else
              for (const one of mine)
                await subscriber.handle(one.event, { tx, eventId: one.eventId, occurredAt: one.occurredAt, afterCommit });
          } catch (error) {
            throw new Error(`subscriber ${subscriber.name} failed: ${error instanceof Error ? error.message : String(error)}`, {
              cause: error,
            });
          }
        }
        return rows.length;
      });
      for (const effect of effects) {
        effect().catch((error: unknown) => options.log.error({ err: error }, 'an effect after a delivery failed'));
      }
      return count;
    } catch (error) {
      if (eventIds.length > 1) {
        let delivered = 0;
        for (const eventId of eventIds) delivered += await deliver([eventId]);
        return delivered;
      }
      const eventId = eventIds[0]!;
      options.log.error({ err: error, eventId }, 'delivering a domain event failed; it will be tried again');
      await db
        .update(outboxEvents)
        .set({
          attempts: sql`${outboxEvents.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(1)} * power(2, least(${outboxEvents.attempts}, 8)))`,
          failedAt: sql`case when ${outboxEvents.attempts} + 1 >= ${MAX_DELIVERY_ATTEMPTS} then now() end`,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 2000),
        })
        .where(eq(outboxEvents.id, eventId))
        .catch((markError: unknown) => options.log.error({ err: markError, eventId }, 'recording a failed delivery failed'));
      return 0;
    }
  }

  /**
   * Group delivery: the events of actions that commit while a delivery is running wait for it to
   * end and are then delivered together, in one transaction. An action waits until its own
   * events were delivered (or set aside for the sweep) unless it asked not to (`wait: false`), so
   * twenty players betting at once share a few delivery commits instead of twenty.
   */
  const waiting: { eventIds: readonly number[]; done: () => void }[] = [];
  let draining: Promise<void> | undefined;
  function deliverSoon(eventIds: readonly number[], wait = true): Promise<void> {
    if (eventIds.length === 0) return Promise.resolve();
    const delivered = new Promise<void>((done) => {
      waiting.push({ eventIds, done });
    });
    draining ??= drain();
    return wait || waiting.length > GROUP_DELIVERY_ACTIONS ? delivered : Promise.resolve();
  }
  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, GROUP_DELIVERY_ACTIONS);
        try {
          await deliver(batch.flatMap((one) => one.eventIds));
        } catch (error) {
          // Left for the sweep: the actions are done whatever happens here.
          options.log.error({ err: error }, 'delivering a batch of domain events failed');
        }
        for (const one of batch) one.done();
      }
    } finally {
      draining = undefined;
    }
  }

  return {
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },

    async run(work) {
      const recorded: number[] = [];
      const effects: (() => void)[] = [];
      const result = await db.transaction(async (tx) => {
        recorded.length = 0;
        effects.length = 0;
        const uow: UnitOfWork = {
          tx,
          record: async (event) => {
            recorded.push(await writeEvent(tx, event));
          },
          adopt: (eventIds) => {
            recorded.push(...eventIds);
          },
          afterCommit: (effect) => {
            effects.push(effect);
          },
        };
        return work(uow);
      });
      for (const effect of effects) {
        try {
          effect();
        } catch (error) {
          options.log.error({ err: error }, 'an after-commit effect failed');
        }
      }
      // The action is done whatever happens here: an event not delivered now is swept later.
      if (deliverAfterCommit) await deliverSoon(recorded);
      return result;
    },

    deliver: (eventIds, { wait = true } = {}) => (deliverAfterCommit ? deliverSoon(eventIds, wait) : Promise.resolve()),

    async idle() {
      while (draining) await draining;
    },

    async deliverDue(limit = 200) {
      // Due by the database's clock, the one that wrote next_attempt_at: this process's clock may
      // run behind it, and reads whole milliseconds where the database writes microseconds, so
      // an event written a moment ago could otherwise look not yet due.
      const due = await db
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(and(isNull(outboxEvents.deliveredAt), isNull(outboxEvents.failedAt), lte(outboxEvents.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outboxEvents.nextAttemptAt), asc(outboxEvents.id))
        .limit(limit);
      let delivered = 0;
      for (let start = 0; start < due.length; start += DELIVERY_BATCH) {
        delivered += await deliver(due.slice(start, start + DELIVERY_BATCH).map((row) => row.id));
      }
      return delivered;
    },
  };
}
