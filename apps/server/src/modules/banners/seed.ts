import type { BannerPageName } from '@casino/contracts/banners';
import type { DbExecutor } from '../../db/client.js';
import type { SeedStep } from '../../db/seed.js';
import { banners, type BannerTheme } from '../../db/schema/index.js';

export interface BannerSeed {
  slug: string;
  pageName: BannerPageName;
  visibility: 0 | 1;
  title: string;
  subtitle: string;
  redirectUrl: string | null;
  theme: BannerTheme;
}

const theme = (from: string, to: string, accent: string, emblem: string): BannerTheme => ({ from, to, accent, emblem });
const category = (name: string) => `/games/category/${encodeURIComponent(name)}`;

const join = theme('#5b21b6', '#1d1250', '#ffe08a', '👑');
const scratch = theme('#b45309', '#3b0764', '#ffe08a', '🎟️');
const bigWin = theme('#7c3aed', '#0d0a26', '#f5b301', '💎');
const classic = theme('#be123c', '#3b0764', '#ffe08a', '🍒');
const fresh = theme('#db2777', '#1d1250', '#f9a8d4', '✨');
const popular = theme('#ea580c', '#4c0519', '#fed7aa', '🔥');
const daily = theme('#047857', '#0d0a26', '#2ee59d', '🎁');
const adventure = theme('#0e7490', '#0d0a26', '#67e8f9', '🧭');

/** The demo banners: the lobby carousel for visitors and for players, and the scratchers page. */
const bannerSeeds: BannerSeed[] = [
  // Before login (visibility 0).
  {
    slug: 'join-now',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Join Lucky Crown',
    subtitle: 'Free Gold Coins and Sweeps Coins when you sign up',
    redirectUrl: '/register',
    theme: join,
  },
  {
    slug: 'no-purchase',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'No Purchase Necessary',
    subtitle: 'Play for fun with free Gold Coins',
    redirectUrl: '/register',
    theme: daily,
  },
  {
    slug: 'scratch-and-win',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Scratch & Win',
    subtitle: 'Instant-win scratch cards',
    redirectUrl: category('Scratchers'),
    theme: scratch,
  },
  {
    slug: 'big-win-slots',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Big Win Slots',
    subtitle: 'High volatility, huge multipliers',
    redirectUrl: category('Big Win Slots'),
    theme: bigWin,
  },
  {
    slug: 'classic-reels',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Classic Reels',
    subtitle: 'Cherries, bells and lucky sevens',
    redirectUrl: category('Classic Slots'),
    theme: classic,
  },
  {
    slug: 'new-releases',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'New Releases',
    subtitle: 'Fresh titles to try first',
    redirectUrl: category('New Releases'),
    theme: fresh,
  },
  {
    slug: 'daily-coins',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Daily Bonus',
    subtitle: 'Log in every day for free coins',
    redirectUrl: '/register',
    theme: popular,
  },
  {
    slug: 'fair-play',
    pageName: 'lobbySlider',
    visibility: 0,
    title: 'Fair Play',
    subtitle: 'Every result drawn by a cryptographic RNG',
    redirectUrl: null,
    theme: adventure,
  },
  // After login (visibility 1).
  {
    slug: 'popular-now',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Popular Now',
    subtitle: 'What everyone is spinning',
    redirectUrl: category('Popular'),
    theme: popular,
  },
  {
    slug: 'scratchers-for-players',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Scratch & Win',
    subtitle: 'Instant-win scratch cards',
    redirectUrl: category('Scratchers'),
    theme: scratch,
  },
  {
    slug: 'big-wins-for-players',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Big Win Slots',
    subtitle: 'High volatility, huge multipliers',
    redirectUrl: category('Big Win Slots'),
    theme: bigWin,
  },
  {
    slug: 'new-for-players',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'New Releases',
    subtitle: 'Fresh titles to try first',
    redirectUrl: category('New Releases'),
    theme: fresh,
  },
  {
    slug: 'classics-for-players',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Classic Reels',
    subtitle: 'Cherries, bells and lucky sevens',
    redirectUrl: category('Classic Slots'),
    theme: classic,
  },
  {
    slug: 'adventure-for-players',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Adventure Slots',
    subtitle: 'Jungles, oceans and outer space',
    redirectUrl: category('Adventure Slots'),
    theme: adventure,
  },
  {
    slug: 'your-favourites',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Your Favourites',
    subtitle: 'Tap the heart on any game',
    redirectUrl: '/favourite',
    theme: join,
  },
  {
    slug: 'jump-back-in',
    pageName: 'lobbySlider',
    visibility: 1,
    title: 'Jump Back In',
    subtitle: 'Your recently played games',
    redirectUrl: '/recently-played',
    theme: daily,
  },
  // The scratchers section.
  {
    slug: 'scratchers-page',
    pageName: 'lobbyPageScratchers',
    visibility: 0,
    title: 'Scratchers',
    subtitle: 'Match three symbols to win',
    redirectUrl: category('Scratchers'),
    theme: scratch,
  },
  {
    slug: 'scratchers-page-players',
    pageName: 'lobbyPageScratchers',
    visibility: 1,
    title: 'Scratchers',
    subtitle: 'Match three symbols to win',
    redirectUrl: category('Scratchers'),
    theme: scratch,
  },
];

/** Version 2: the store's banners (seed 001 section 2 'Store screen'), for players. */
const storeBannerSeeds: BannerSeed[] = [
  {
    slug: 'store-gold-coins',
    pageName: 'storePage',
    visibility: 1,
    title: 'Gold Coin Packages',
    subtitle: 'Every package comes with free Sweeps Coins',
    redirectUrl: null,
    theme: bigWin,
  },
  {
    slug: 'store-secure-checkout',
    pageName: 'storePage',
    visibility: 1,
    title: 'Secure Checkout',
    subtitle: 'Visa, Mastercard, Discover and Amex with 3-D Secure',
    redirectUrl: null,
    theme: daily,
  },
];

/**
 * Inserts banners that are not there yet (found by slug): a later version passes only its new
 * banners, and a banner already present, edited or not, is left alone.
 */
export async function insertBanners(db: DbExecutor, seeds: readonly BannerSeed[], firstOrderId = 10): Promise<void> {
  if (seeds.length === 0) return;
  await db
    .insert(banners)
    .values(seeds.map((banner, index) => ({ ...banner, orderId: firstOrderId + index * 10 })))
    .onConflictDoNothing({ target: banners.slug });
}

/** Demo content of this feature, by version (db/seed.ts): a new version adds rows, never rewrites old ones. */
export const bannersSeed: SeedStep = {
  name: 'banners',
  versions: [
    { version: 1, description: 'the lobby and scratchers banners', apply: (db) => insertBanners(db, bannerSeeds) },
    { version: 2, description: 'the store banners', apply: (db) => insertBanners(db, storeBannerSeeds, 1_000) },
  ],
};
