import { groupOfPopup, popupInputSchema, type Popup, type PopupInput, type PopupList, type PopupName } from '@casino/contracts/popups';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.js';
import { popups } from '../../db/schema/index.js';

/**
 * Popups (decision 019): operator-managed rows, answered by visibility (a
 * visitor gets 0 and 2, a signed-in player 1 and 2) and grouped by page. Texts are plain text
 * (React escapes them); the button leads inside the site only (the schema and a check say so).
 */
export interface PopupService {
  list(signedIn: boolean): Promise<PopupList>;
  // For the back office.
  /** Every popup, shown or not, in page and display order. */
  all(): Promise<PopupRow[]>;
  find(executor: DbExecutor, popupId: number): Promise<PopupRow | undefined>;
  /** The popup, its row locked until the caller's transaction ends. */
  lock(tx: Transaction, popupId: number): Promise<PopupRow | undefined>;
  create(tx: Transaction, input: PopupInput): Promise<number>;
  update(tx: Transaction, popupId: number, input: PopupInput): Promise<void>;
  deactivate(tx: Transaction, popupId: number): Promise<void>;
}

export type PopupRow = typeof popups.$inferSelect;

function toPopup(row: PopupRow): Popup {
  return {
    popupId: row.id,
    popupName: row.popupName as PopupName,
    isActive: row.isActive,
    visibility: row.visibility as 0 | 1 | 2,
    textOne: row.textOne,
    textTwo: row.textTwo,
    textThree: row.textThree,
    btnText: row.btnText,
    btnRedirection: row.btnRedirection,
    desktopImageUrl: row.desktopImageUrl,
    mobileImageUrl: row.mobileImageUrl,
    isOneTime: row.isOneTime,
  };
}

export function createPopupService(db: Database): PopupService {
  return {
    async list(signedIn) {
      const rows = await db
        .select()
        .from(popups)
        .where(and(eq(popups.isActive, true), inArray(popups.visibility, signedIn ? [1, 2] : [0, 2])))
        .orderBy(asc(popups.orderId), asc(popups.id));
      const groups: PopupList['groups'] = { lobby: [], promotion: [], store: [], reward: [], vip: [] };
      for (const row of rows) groups[groupOfPopup[row.popupName as PopupName]].push(toPopup(row));
      return { groups, count: rows.length };
    },

    all: () => db.select().from(popups).orderBy(asc(popups.popupName), asc(popups.orderId), asc(popups.id)),

    async find(executor, popupId) {
      const [row] = await executor.select().from(popups).where(eq(popups.id, popupId));
      return row;
    },

    async lock(tx, popupId) {
      const [row] = await tx.select().from(popups).where(eq(popups.id, popupId)).for('update');
      return row;
    },

    async create(tx, input) {
      const values = popupInputSchema.parse(input);
      const [row] = await tx.insert(popups).values(values).returning({ id: popups.id });
      return row!.id;
    },

    async update(tx, popupId, input) {
      const values = popupInputSchema.parse(input);
      await tx
        .update(popups)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(popups.id, popupId));
    },

    async deactivate(tx, popupId) {
      await tx.update(popups).set({ isActive: false, updatedAt: new Date() }).where(eq(popups.id, popupId));
    },
  };
}
