import type { Package, PackageList } from '@casino/contracts/store';
import { fromHundredths } from '@casino/contracts/money';
import { and, asc, count, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { packages, paymentIntents, purchaseBonusSettings } from '../../db/schema/index.js';

type PackageRow = typeof packages.$inferSelect;

/** What the store sells: active packages whose offer has not ended. */
export function packageOnSale(now: Date): SQL {
  return and(eq(packages.isActive, true), or(isNull(packages.validTill), gt(packages.validTill, now)))!;
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
}

export function createStoreService(db: DbExecutor): StoreService {
  const service: StoreService = {
    async list({ page, limit, userId, now = new Date() }) {
      const where = packageOnSale(now);
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
  };
  return service;
}
