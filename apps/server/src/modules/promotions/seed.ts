import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { promoCodes, referralSettings } from '../../db/schema/index.js';
import { insertBanners } from '../banners/seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo promo codes (amounts in hundredths): WELCOME10 adds 10,000 GC and 10.00 SC for a year's
 * sign-ups; LUCKY5 adds 5,000 GC and 5.00 SC for its first 500 players. The referral reward:
 * 20,000 GC and 10.00 SC per friend's first purchase. An operator's later change is kept.
 */
async function seedPromotions(db: DbExecutor): Promise<void> {
  const now = Date.now();
  await db
    .insert(promoCodes)
    .values([
      {
        code: 'WELCOME10',
        description: 'Sign-up code: 10,000 GC and 10 SC',
        gcAmount: 1_000_000,
        scAmount: 1_000,
        validFrom: new Date(now - DAY_MS),
        validUntil: new Date(now + 365 * DAY_MS),
      },
      {
        code: 'LUCKY5',
        description: 'First 500 players: 5,000 GC and 5 SC',
        gcAmount: 500_000,
        scAmount: 500,
        validFrom: new Date(now - DAY_MS),
        validUntil: new Date(now + 90 * DAY_MS),
        maxUses: 500,
      },
    ])
    .onConflictDoNothing();
  await db.insert(referralSettings).values({ id: 1, gcAmount: 2_000_000, scAmount: 1_000, isActive: true }).onConflictDoNothing();
  // The lobby's refer-a-friend banner (pageName lobbyPageReferAFriend), for signed-in players.
  await insertBanners(
    db,
    [
      {
        slug: 'refer-a-friend',
        pageName: 'lobbyPageReferAFriend',
        visibility: 1,
        title: 'Refer a Friend',
        subtitle: 'Get 20,000 GC and 10 SC for every friend who joins and makes a first purchase',
        redirectUrl: '/refer-a-friend',
        theme: { from: '#047857', to: '#0d0a26', accent: '#2ee59d', emblem: '🎁' },
      },
    ],
    2_000,
  );
}

export const promotionsSeed: SeedStep = {
  name: 'promotions',
  versions: [{ version: 1, description: 'demo promo codes and the referral reward', apply: seedPromotions }],
};
