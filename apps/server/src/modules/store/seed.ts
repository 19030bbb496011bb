import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { packages, purchaseBonusSettings } from '../../db/schema/index.js';

interface PackageSeed {
  slug: string;
  /** Dollars, as shown. */
  amount: number;
  previousAmount?: number;
  gc: number;
  sc: number;
  packageType?: string;
  image: 'coins-1' | 'coins-2' | 'coins-3' | 'coins-4';
}

/**
 * The demo store: a ladder from $1.99 to $499.99. Gold Coins grow faster than the
 * price and every package comes with Sweeps Coins worth about its price (a free promotional
 * extra, seed 001 section 1); some carry a ribbon (packageType) and a struck-through old price.
 */
const ladder: PackageSeed[] = [
  { slug: 'starter-199', amount: 1.99, gc: 2_000, sc: 2, image: 'coins-1' },
  { slug: 'bronze-499', amount: 4.99, gc: 5_000, sc: 5, image: 'coins-1' },
  { slug: 'silver-999', amount: 9.99, gc: 10_000, sc: 10, image: 'coins-2' },
  { slug: 'gold-1999', amount: 19.99, gc: 20_000, sc: 20.5, packageType: 'Most Popular', image: 'coins-2' },
  { slug: 'ruby-2999', amount: 29.99, gc: 31_000, sc: 31, image: 'coins-3' },
  { slug: 'emerald-4999', amount: 49.99, previousAmount: 59.99, gc: 52_000, sc: 52, packageType: 'Hot Deal', image: 'coins-3' },
  { slug: 'sapphire-9999', amount: 99.99, gc: 105_000, sc: 105, packageType: 'Best Value', image: 'coins-3' },
  { slug: 'diamond-19999', amount: 199.99, previousAmount: 219.99, gc: 212_000, sc: 212, image: 'coins-4' },
  { slug: 'crown-29999', amount: 299.99, gc: 320_000, sc: 320, image: 'coins-4' },
  { slug: 'royal-49999', amount: 499.99, gc: 540_000, sc: 540, packageType: 'VIP', image: 'coins-4' },
];

const cents = (dollars: number) => Math.round(dollars * 100);

async function seedPackages(db: DbExecutor): Promise<void> {
  await db
    .insert(packages)
    .values(
      ladder.map((item, index) => ({
        slug: item.slug,
        amount: cents(item.amount),
        previousAmount: item.previousAmount === undefined ? null : cents(item.previousAmount),
        gcCoin: cents(item.gc),
        scCoin: cents(item.sc),
        packageType: item.packageType ?? null,
        showPackageType: item.packageType !== undefined,
        imageUrl: `/store/${item.image}.svg`,
        // The first-purchase bonus applies to every package up to $99.99.
        firstPurchaseApplicable: item.amount < 100,
        orderId: index + 1,
      })),
    )
    .onConflictDoNothing({ target: packages.slug });
  // A player's first purchase doubles its coins (100 %).
  await db.insert(purchaseBonusSettings).values({ kind: 'first_purchase', percentage: 100 }).onConflictDoNothing();
}

/**
 * Version 2: two flash-sale offers (decision 011). The welcome offer is on sale to each player
 * for the first hour after registration; the one-time offer until 30 days after seeding. Both are
 * sold once per player and carry no first-purchase bonus (they are the deal).
 */
async function seedOffers(db: DbExecutor): Promise<void> {
  await db
    .insert(packages)
    .values([
      {
        slug: 'welcome-offer-999',
        amount: 999,
        previousAmount: 2999,
        gcCoin: cents(30_000),
        scCoin: cents(30),
        packageType: 'Welcome Offer',
        showPackageType: true,
        imageUrl: '/store/coins-3.svg',
        isPromo: true,
        welcomePurchaseBonusApplicable: true,
        welcomePurchaseBonusApplicableMinutes: 60,
        orderId: 0,
      },
      {
        slug: 'flash-sale-2499',
        amount: 2499,
        previousAmount: 4999,
        gcCoin: cents(60_000),
        scCoin: cents(60),
        packageType: 'Flash Sale',
        showPackageType: true,
        imageUrl: '/store/coins-4.svg',
        isPromo: true,
        oneTimePurchaseBonusApplicable: true,
        validTill: new Date(Date.now() + 30 * 24 * 60 * 60_000),
        orderId: 0,
      },
    ])
    .onConflictDoNothing({ target: packages.slug });
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const storeSeed: SeedStep = {
  name: 'store',
  versions: [
    { version: 1, description: 'the package ladder and the first-purchase bonus', apply: seedPackages },
    { version: 2, description: 'a welcome offer and a one-time flash-sale offer', apply: seedOffers },
  ],
};
