import { titles, type GameTitle } from '../../rgs/math/index.js';

/**
 * The demo catalogue: every title of the in-house game server is a game, so
 * there is no dead tile. Studios and sub-categories are ours; a game belongs to its studio by its
 * math profile, and to sub-categories by profile or by the curated lists below.
 */
export const IN_HOUSE_AGGREGATOR_ID = 1;

export interface ProviderSeed {
  slug: string;
  name: string;
  /** Two letters on the generated thumbnail. */
  monogram: string;
  colors: readonly [string, string];
  profiles: readonly string[];
}

export const providerSeeds: readonly ProviderSeed[] = [
  {
    slug: 'crown-studios',
    name: 'Crown Studios',
    monogram: 'CS',
    colors: ['#f5b301', '#7c3aed'],
    profiles: ['scatter-storm', 'mega-jackpot'],
  },
  { slug: 'neon-reel-works', name: 'Neon Reel Works', monogram: 'NR', colors: ['#ec4899', '#3b0764'], profiles: ['balanced-medium'] },
  { slug: 'aurora-play', name: 'Aurora Play', monogram: 'AP', colors: ['#2ee59d', '#0e7490'], profiles: ['steady-low'] },
  { slug: 'lucky-seven-labs', name: 'Lucky Seven Labs', monogram: '7L', colors: ['#ff5470', '#7f1d1d'], profiles: ['fruit-classic'] },
  {
    slug: 'golden-scratch-co',
    name: 'Golden Scratch Co.',
    monogram: 'GS',
    colors: ['#ffe08a', '#b45309'],
    profiles: ['lucky-low', 'classic-medium', 'big-prize-high'],
  },
];

export interface SubCategorySeed {
  slug: string;
  name: string;
  emblem: string;
  colors: readonly [string, string];
  isFeatured: boolean;
  /** Which games belong, in order. */
  select: (all: readonly GameTitle[]) => GameTitle[];
}

const byProfile =
  (...profiles: string[]) =>
  (all: readonly GameTitle[]) =>
    all.filter((title) => profiles.includes(title.profile.id));

const byIds =
  (...ids: string[]) =>
  (all: readonly GameTitle[]) =>
    ids.map((id) => all.find((title) => title.id === id)).filter((title): title is GameTitle => title !== undefined);

/** The lobby's favourites, also the order of All Games (first these, then the rest). */
const POPULAR = [
  'jade-dragon',
  'neon-nights',
  'lucky-clover-meadow',
  'sands-of-the-pharaoh',
  'pirates-plunder',
  'fruit-carnival',
  'crown-jewels-scratch',
  'ocean-treasures',
  'golden-empire',
  'candy-cascade',
  'lucky-sevens-scratch',
  'wild-west-gold',
  'cosmic-voyage',
  'seven-sparks',
  'howling-moon',
  'mermaid-lagoon',
];

const NEW_RELEASES = [
  'viking-raid',
  'starlight-millions',
  'samurai-spirit',
  'witchs-brew',
  'lions-pride',
  'arctic-aurora',
  'desert-mirage-scratch',
  'farmyard-friends',
  'liberty-bells',
  'haunted-manor',
];

export const subCategorySeeds: readonly SubCategorySeed[] = [
  { slug: 'popular', name: 'Popular', emblem: '🔥', colors: ['#ff5470', '#7c3aed'], isFeatured: true, select: byIds(...POPULAR) },
  {
    slug: 'new-releases',
    name: 'New Releases',
    emblem: '✨',
    colors: ['#a855f7', '#1d1250'],
    isFeatured: true,
    select: byIds(...NEW_RELEASES),
  },
  {
    slug: 'scratchers',
    name: 'Scratchers',
    emblem: '🎟️',
    colors: ['#ffe08a', '#b45309'],
    isFeatured: true,
    select: (all) => all.filter((title) => title.kind === 'scratch'),
  },
  {
    slug: 'big-win-slots',
    name: 'Big Win Slots',
    emblem: '💎',
    colors: ['#f5b301', '#3b0764'],
    isFeatured: true,
    select: byProfile('mega-jackpot', 'scatter-storm'),
  },
  {
    slug: 'classic-slots',
    name: 'Classic Slots',
    emblem: '🍒',
    colors: ['#ff5470', '#450a0a'],
    isFeatured: true,
    select: byProfile('fruit-classic'),
  },
  {
    slug: 'adventure-slots',
    name: 'Adventure Slots',
    emblem: '🧭',
    colors: ['#2ee59d', '#134e4a'],
    isFeatured: false,
    select: byProfile('balanced-medium', 'scatter-storm'),
  },
  {
    slug: 'sweet-and-lucky',
    name: 'Sweet & Lucky',
    emblem: '🍀',
    colors: ['#86efac', '#14532d'],
    isFeatured: false,
    select: byProfile('steady-low', 'lucky-low'),
  },
];

export interface GameSeed {
  identifier: string;
  name: string;
  gameType: GameTitle['kind'];
  providerSlug: string;
  orderId: number;
}

export function providerOf(title: GameTitle): ProviderSeed {
  const provider = providerSeeds.find((candidate) => candidate.profiles.includes(title.profile.id));
  if (!provider) throw new Error(`no studio publishes math profile ${title.profile.id} (title ${title.id})`);
  return provider;
}

/** Every title, popular ones first. */
export function gameSeeds(all: readonly GameTitle[] = titles): GameSeed[] {
  const rank = (title: GameTitle) => {
    const popular = POPULAR.indexOf(title.id);
    return popular >= 0 ? popular : POPULAR.length + all.indexOf(title);
  };
  return [...all]
    .sort((a, b) => rank(a) - rank(b))
    .map((title, index) => ({
      identifier: title.id,
      name: title.name,
      gameType: title.kind,
      providerSlug: providerOf(title).slug,
      orderId: (index + 1) * 10,
    }));
}
