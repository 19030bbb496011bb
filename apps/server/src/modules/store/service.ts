import type { Package, PackageList } from '@casino/contracts/store';
import { fromHundredths } from '@casino/contracts/money';
import { and, asc, count, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { packages } from '../../db/schema/index.js';

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

export interface StoreService {
  list(input: { page: number; limit: number; now?: Date }): Promise<PackageList>;
  /** A package on sale, for a purchase; null when it is not (inactive, ended, unknown). */
  onSale(packageId: number, executor?: DbExecutor, now?: Date): Promise<PackageRow | null>;
}

export function createStoreService(db: DbExecutor): StoreService {
  return {
    async list({ page, limit, now = new Date() }) {
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
      return { rows: rows.map(toPackage), count: total?.value ?? 0 };
    },

    async onSale(packageId, executor = db, now = new Date()) {
      const [row] = await executor
        .select()
        .from(packages)
        .where(and(eq(packages.id, packageId), packageOnSale(now)));
      return row ?? null;
    },
  };
}
