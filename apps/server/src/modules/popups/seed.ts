import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { cmsPages, popups } from '../../db/schema/index.js';
import { bannerImageUrl } from '../banners/service.js';
import { insertBanners } from '../banners/seed.js';

/**
 * Demo engagement content: popups, the promotions and rewards pages'
 * banners, and the promotions page's text (a CMS page an operator edits without a deploy).
 * Every demo popup is one-time: once closed it stays closed in that browser. The store has none in
 * the demo (an operator adds one as a storePage popup).
 */
const PROMOTIONS_HTML = `
<h2>Daily Bonus</h2>
<p>Sign in every day for free Gold Coins and Sweeps Coins. The daily bonus resets at 00:00 UTC.</p>
<h2>Spin And Win</h2>
<p>Spin the prize wheel once every 24 hours. Every segment wins: Gold Coins, Sweeps Coins, or the jackpot of 5,000 GC and 10 SC.</p>
<h2>VIP Club</h2>
<p>Climb seven tiers from Bronze to Ruby by playing Sweeps Coins or buying Gold Coins. Each tier pays a reward once, and every tier earns daily rakeback on Sweeps Coin play.</p>
<h2>Refer a Friend</h2>
<p>Share your referral link: when a friend joins with it and makes a first purchase, you get 20,000 GC and 10 SC.</p>
<h2>Promo Codes</h2>
<p>Have a promo code? Enter it when you sign up. Its bonus arrives as soon as you verify your e-mail address.</p>
<p><em>No purchase is necessary. Sweeps Coins are a free promotional currency; see the <a href="/sweepstakes-rules">Sweepstakes Rules</a>.</em></p>
`;

async function seedEngagementContent(db: DbExecutor): Promise<void> {
  await insertBanners(
    db,
    [
      {
        slug: 'promo-daily-wheel',
        pageName: 'promotionPage',
        visibility: 0,
        title: 'Spin And Win',
        subtitle: 'A free spin of the prize wheel every 24 hours',
        redirectUrl: '/register',
        theme: { from: '#db2777', to: '#1d1250', accent: '#f9a8d4', emblem: '✨' },
      },
      {
        slug: 'promo-daily-wheel-players',
        pageName: 'promotionPage',
        visibility: 1,
        title: 'Spin And Win',
        subtitle: 'A free spin of the prize wheel every 24 hours',
        redirectUrl: '/spin-wheel',
        theme: { from: '#db2777', to: '#1d1250', accent: '#f9a8d4', emblem: '✨' },
      },
      {
        slug: 'promo-vip-club',
        pageName: 'promotionPage',
        visibility: 1,
        title: 'VIP Club',
        subtitle: 'Seven tiers, rewards and daily rakeback',
        redirectUrl: '/vip',
        theme: { from: '#7c3aed', to: '#0d0a26', accent: '#f5b301', emblem: '💎' },
      },
      {
        slug: 'rewards-daily',
        pageName: 'rewardPage',
        visibility: 1,
        title: 'Your Rewards',
        subtitle: 'Bonuses, spins and VIP rewards in one place',
        redirectUrl: null,
        theme: { from: '#047857', to: '#0d0a26', accent: '#2ee59d', emblem: '🎁' },
      },
    ],
    3_000,
  );
  await db
    .insert(cmsPages)
    .values({ slug: 'promotions', title: { EN: 'Promotions' }, content: { EN: PROMOTIONS_HTML }, category: 0 })
    .onConflictDoNothing();
  const existing = await db.select({ id: popups.id }).from(popups).limit(1);
  if (existing.length > 0) return;
  await db.insert(popups).values([
    {
      popupName: 'lobbyPage',
      visibility: 1,
      textOne: 'Spin And Win',
      textTwo: 'Your free spin of the prize wheel is waiting.',
      textThree: 'One spin every 24 hours: Gold Coins, Sweeps Coins or the jackpot.',
      btnText: 'Spin Now',
      btnRedirection: '/spin-wheel',
      desktopImageUrl: bannerImageUrl('promo-daily-wheel-players'),
      mobileImageUrl: bannerImageUrl('promo-daily-wheel-players'),
      isOneTime: true,
    },
    {
      popupName: 'promotionPage',
      visibility: 0,
      textOne: 'Join Lucky Crown',
      textTwo: 'Free Gold Coins and Sweeps Coins when you sign up. No purchase necessary.',
      btnText: 'Join Now',
      btnRedirection: '/register',
      desktopImageUrl: bannerImageUrl('join-now'),
      mobileImageUrl: bannerImageUrl('join-now'),
      isOneTime: true,
    },
    {
      popupName: 'promotionPage',
      visibility: 1,
      textOne: 'Refer a Friend',
      textTwo: 'Get 20,000 GC and 10 SC for every friend who joins and makes a first purchase.',
      btnText: 'Invite Friends',
      btnRedirection: '/refer-a-friend',
      desktopImageUrl: bannerImageUrl('refer-a-friend'),
      mobileImageUrl: bannerImageUrl('refer-a-friend'),
      isOneTime: true,
    },
    {
      popupName: 'rewardPage',
      visibility: 1,
      textOne: 'VIP Club',
      textTwo: 'Every Sweeps Coin you play moves you up the VIP tiers.',
      btnText: 'See My Tier',
      btnRedirection: '/vip',
      desktopImageUrl: bannerImageUrl('promo-vip-club'),
      mobileImageUrl: bannerImageUrl('promo-vip-club'),
      isOneTime: true,
    },
    {
      popupName: 'vipPage',
      visibility: 1,
      textOne: 'Daily Rakeback',
      textTwo: "Each day, your tier's share of the previous day's Sweeps Coin net loss comes back as bonus SC.",
      btnText: 'Got It',
      btnRedirection: null,
      desktopImageUrl: bannerImageUrl('promo-vip-club'),
      mobileImageUrl: bannerImageUrl('promo-vip-club'),
      isOneTime: true,
    },
  ]);
}

export const engagementContentSeed: SeedStep = {
  name: 'engagement-content',
  versions: [{ version: 1, description: 'popups, promotions and rewards banners, the promotions page', apply: seedEngagementContent }],
};
