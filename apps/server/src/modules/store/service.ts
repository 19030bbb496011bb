import type { Offer, OfferKind, OfferList, Package, PackageList } from '@casino/contracts/store';
import { fromHundredths } from '@casino/contracts/money';
import { and, asc, count, eq, gt, isNull, ne, not, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { packages, paymentIntents, purchaseBonusSettings, users } from '../../db/schema/index.js';

type PackageRow = typeof packages.$inferSelect;

/** What the store sells: active packages whose offer has not ended. */
export function packageOnSale(now: Date): SQL {
  return and(eq(packages.isActive, true), or(isNull(packages.validTill), gt(packages.validTill, now)))!;
}

/** A flash-sale offer (welcome or one-time): sold through GET /details/offers only, once per player. */
export function isOfferRow(row: Pick<PackageRow, 'welcomePurchaseBonusApplicable' | 'oneTimePurchaseBonusApplicable'>): boolean {
  return row.welcomePurchaseBonusApplicable || row.oneTimePurchaseBonusApplicable;
}

const notAnOffer: SQL = and(eq(packages.welcomePurchaseBonusApplicable, false), eq(packages.oneTimePurchaseBonusApplicable, false))!;

export interface OfferWindow {
  kind: OfferKind;
  /** When the offer ends for this player; null: it does not end (a one-time offer without validTill). */
  endsAt: Date | null;
}

/**
 * When an offer package is on sale for a player registered at `registeredAt`: a welcome offer
 * until welcomePurchaseBonusApplicableMinutes after registration, a one-time offer until
 * validTill (both, when a package is both). Null for a package that is not an offer.
 */
export function offerWindow(row: PackageRow, registeredAt: Date): OfferWindow | null {
  if (!isOfferRow(row)) return null;
  const ends: number[] = [];
  if (row.validTill) ends.push(row.validTill.getTime());
  if (row.welcomePurchaseBonusApplicable) {
    // A welcome offer without its minutes is never on sale: it has no window.
    ends.push(registeredAt.getTime() + (row.welcomePurchaseBonusApplicableMinutes ?? 0) * 60_000);
  }
  return {
    kind: row.welcomePurchaseBonusApplicable ? 'welcome' : 'one_time',
    endsAt: ends.length === 0 ? null : new Date(Math.min(...ends)),
  };
}

export function offerOpen(window: OfferWindow, now: Date): boolean {
  return window.endsAt === null || window.endsAt.getTime() > now.getTime();
}

export function toPackage(row: PackageRow): Package {
  return {
    packageId: row.id,
    createdAt: row.createdAt.toISOString(),
    packageType: row.packageType,
    showPackageType: row.showPackageType,
    amount: fromHundredths(row.amount),
    previousAmount: row.previousAmount === null ? null : fromHundredths(row.previousAmount),
    gcCoin: fromHundredths(row.gcCoin),
    scCoin: fromHundredths(row.scCoin),
    imageUrl: row.imageUrl,
    isPromo: row.isPromo,
    firstPurchaseApplicable: row.firstPurchaseApplicable,
    welcomePurchaseBonusApplicable: row.welcomePurchaseBonusApplicable,
    welcomePurchaseBonusApplicableMinutes: row.welcomePurchaseBonusApplicableMinutes,
    oneTimePurchaseBonusApplicable: row.oneTimePurchaseBonusApplicable,
    validTill: row.validTill?.toISOString() ?? null,
  };
}

/** A player's first-purchase bonus (seed 001 section 3 'firstPurchaseBonus: isClaimed, percentage'). */
export interface FirstPurchaseBonus {
  isClaimed: boolean;
  /** 0 when the operator has no first-purchase bonus running. */
  percentage: number;
}

/** Coins raised by a bonus percentage, rounded down to the hundredth. */
export function withBonus(hundredths: number, percentage: number): number {
  return hundredths + Math.floor((hundredths * percentage) / 100);
}

export interface StoreService {
  /** For a signed-in player whose first-purchase bonus is unclaimed, the packages it applies to show the raised coins. */
  list(input: { page: number; limit: number; userId?: number | undefined; now?: Date }): Promise<PackageList>;
  firstPurchaseBonus(userId: number, executor?: DbExecutor): Promise<FirstPurchaseBonus>;
  /** A package on sale, for a purchase; null when it is not (inactive, ended, unknown). */
  onSale(packageId: number, executor?: DbExecutor, now?: Date): Promise<PackageRow | null>;
  /** Whether a package (on sale or not) is a flash-sale offer: an ended offer is refused as such. */
  isOffer(packageId: number): Promise<boolean>;
  /** GET /details/offers: the flash-sale offers this player can buy now, with when each ends. */
  offers(userId: number, now?: Date): Promise<OfferList>;
  /**
   * Whether this player may buy this offer package now: throws OfferNotAvailable outside its
   * window and OfferAlreadyPurchased once another of the player's purchases holds it. Answers the
   * offer's kind (null for a package that is not an offer).
   */
  assertOfferOpen(
    userId: number,
    row: PackageRow,
    options?: { executor?: DbExecutor; now?: Date; exceptIntentId?: number },
  ): Promise<OfferKind | null>;
}

export function createStoreService(db: DbExecutor): StoreService {
  const service: StoreService = {
    async list({ page, limit, userId, now = new Date() }) {
      // Flash-sale offers are a player's own (their window, bought once): GET /details/offers.
      const where = and(packageOnSale(now), notAnOffer)!;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(packages)
          .where(where)
          .orderBy(asc(packages.orderId), asc(packages.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(packages).where(where),
      ]);
      const bonus = userId === undefined ? null : await service.firstPurchaseBonus(userId);
      const percentage = bonus && !bonus.isClaimed ? bonus.percentage : 0;
      return {
        rows: rows.map((row) =>
          toPackage(
            row.firstPurchaseApplicable && percentage > 0
              ? { ...row, gcCoin: withBonus(row.gcCoin, percentage), scCoin: withBonus(row.scCoin, percentage) }
              : row,
          ),
        ),
        count: total?.value ?? 0,
      };
    },

    async firstPurchaseBonus(userId, executor = db) {
      const [[setting], [claimed]] = await Promise.all([
        executor.select().from(purchaseBonusSettings).where(eq(purchaseBonusSettings.kind, 'first_purchase')),
        executor
          .select({ id: paymentIntents.id })
          .from(paymentIntents)
          .where(and(eq(paymentIntents.userId, userId), eq(paymentIntents.firstPurchaseBonus, true))),
      ]);
      return { isClaimed: claimed !== undefined, percentage: setting?.isActive ? setting.percentage : 0 };
    },

    async onSale(packageId, executor = db, now = new Date()) {
      const [row] = await executor
        .select()
        .from(packages)
        .where(and(eq(packages.id, packageId), packageOnSale(now)));
      return row ?? null;
    },

    async isOffer(packageId) {
      const [row] = await db.select().from(packages).where(eq(packages.id, packageId));
      return row !== undefined && isOfferRow(row);
    },

    async offers(userId, now = new Date()) {
      const [player] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      if (!player) return { rows: [], count: 0 };
      const [rows, held] = await Promise.all([
        db
          .select()
          .from(packages)
          .where(and(packageOnSale(now), not(notAnOffer)))
          .orderBy(asc(packages.orderId), asc(packages.id)),
        db
          .select({ packageId: paymentIntents.packageId })
          .from(paymentIntents)
          .where(and(eq(paymentIntents.userId, userId), eq(paymentIntents.offerClaimed, true))),
      ]);
      const bought = new Set(held.map((row) => row.packageId));
      const bonus = await service.firstPurchaseBonus(userId);
      const percentage = bonus.isClaimed ? 0 : bonus.percentage;
      const offers: Offer[] = [];
      for (const row of rows) {
        const window = offerWindow(row, player.createdAt);
        if (!window || !offerOpen(window, now) || bought.has(row.id)) continue;
        const shown =
          row.firstPurchaseApplicable && percentage > 0
            ? { ...row, gcCoin: withBonus(row.gcCoin, percentage), scCoin: withBonus(row.scCoin, percentage) }
            : row;
        offers.push({ ...toPackage(shown), offerKind: window.kind, offerEndsAt: window.endsAt?.toISOString() ?? null });
      }
      return { rows: offers, count: offers.length };
    },

    async assertOfferOpen(userId, row, { executor = db, now = new Date(), exceptIntentId } = {}) {
      if (!isOfferRow(row)) return null;
      const [player] = await executor.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      const window = player ? offerWindow(row, player.createdAt) : null;
      if (!window || !offerOpen(window, now)) throw new AppError('OfferNotAvailable');
      const [held] = await executor
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.userId, userId),
            eq(paymentIntents.packageId, row.id),
            eq(paymentIntents.offerClaimed, true),
            exceptIntentId === undefined ? undefined : ne(paymentIntents.id, exceptIntentId),
          ),
        );
      if (held) throw new AppError('OfferAlreadyPurchased');
      return window.kind;
    },
  };
  return service;
}
