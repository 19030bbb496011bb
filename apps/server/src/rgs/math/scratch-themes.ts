import { bigPrizeHigh, classicMedium, luckyLow } from '@casino/contracts/game-math/scratch-profiles';
import type { ScratchProfile, ScratchSymbolId } from '@casino/contracts/game-math/scratch-types';
import { art, palette, type PaletteSpec, type ScratchTheme, type SymbolSpec } from './theme-types.js';

/*
 * Scratch themes: presentation only. p1 is always the smallest prize and p8
 * the largest, so artwork should escalate in "value" from p1 to p8. Every
 * theme dresses all eight ids so it can be pointed at any scratch profile.
 */

interface ScratchThemeSpec {
  readonly id: string;
  readonly name: string;
  readonly tagline: string;
  readonly profile: ScratchProfile;
  readonly palette: PaletteSpec;
  /** Prize symbols p1..p8, smallest prize first. */
  readonly symbols: readonly [SymbolSpec, SymbolSpec, SymbolSpec, SymbolSpec, SymbolSpec, SymbolSpec, SymbolSpec, SymbolSpec];
}

function scratchTheme(spec: ScratchThemeSpec): ScratchTheme {
  const [p1, p2, p3, p4, p5, p6, p7, p8] = spec.symbols.map(art);
  if (!p1 || !p2 || !p3 || !p4 || !p5 || !p6 || !p7 || !p8) throw new RangeError(`${spec.id}: needs 8 symbols`);
  const symbols: Record<ScratchSymbolId, ReturnType<typeof art>> = { p1, p2, p3, p4, p5, p6, p7, p8 };
  return {
    kind: 'scratch',
    id: spec.id,
    name: spec.name,
    tagline: spec.tagline,
    profile: spec.profile,
    palette: palette(spec.palette),
    symbols,
  };
}

export const scratchThemes: readonly ScratchTheme[] = [
  // ---- lucky-low ----
  scratchTheme({
    id: 'lucky-clover-scratch',
    name: 'Lucky Clover Scratch',
    tagline: 'Match three charms and your luck is in.',
    profile: luckyLow,
    palette: ['#1b5e20', '#81c784', '#fff176'],
    symbols: [
      ['🌱', 'Sprout', '#aed581'],
      ['🐞', 'Ladybird', '#e53935'],
      ['art:horseshoe', 'Horseshoe', '#b0bec5'],
      ['🌈', 'Rainbow', '#ff8a65'],
      ['🍀', 'Clover', '#43a047'],
      ['🪙', 'Gold Coin', '#ffd54f'],
      ['🍯', 'Honey Pot', '#ffb300'],
      ['🏆', 'Trophy', '#ffd700'],
    ],
  }),
  scratchTheme({
    id: 'piggy-pennies',
    name: 'Piggy Pennies',
    tagline: 'Shake the piggy bank and see what falls out.',
    profile: luckyLow,
    palette: ['#ad1457', '#f8bbd0', '#ffffff'],
    symbols: [
      ['🪙', 'Penny', '#bf8040'],
      ['💵', 'Note', '#66bb6a'],
      ['🐷', 'Piggy', '#f48fb1'],
      ['💳', 'Card', '#90caf9'],
      ['💰', 'Money Bag', '#ffb300'],
      ['💎', 'Gem', '#4fc3f7'],
      ['🏦', 'Bank', '#cfd8dc'],
      ['👑', 'Crown', '#ffd700'],
    ],
  }),
  scratchTheme({
    id: 'golden-horseshoe',
    name: 'Golden Horseshoe',
    tagline: 'A race-day scratcher with a photo finish.',
    profile: luckyLow,
    palette: ['#4e342e', '#d4a017', '#fffde7'],
    symbols: [
      ['🥕', 'Carrot', '#ff9800'],
      ['🎠', 'Carousel', '#f48fb1'],
      ['🏇', 'Jockey', '#e53935'],
      ['🎩', 'Top Hat', '#424242'],
      ['🐎', 'Thoroughbred', '#8d6e63'],
      ['art:horseshoe', 'Horseshoe', '#ffd54f'],
      ['🎖️', 'Medal', '#1e88e5'],
      ['🏆', 'Gold Cup', '#ffd700'],
    ],
  }),
  scratchTheme({
    id: 'sweet-treats-scratch',
    name: 'Sweet Treats Scratch',
    tagline: 'Scratch the frosting off a sugary surprise.',
    profile: luckyLow,
    palette: ['#ff80ab', '#ffe0b2', '#6a1b9a'],
    symbols: [
      ['🍬', 'Toffee', '#ff80ab'],
      ['🍭', 'Lollipop', '#ec407a'],
      ['🍪', 'Cookie', '#a1887f'],
      ['🍩', 'Donut', '#ffab91'],
      ['🧁', 'Cupcake', '#f48fb1'],
      ['🍰', 'Cake Slice', '#fff3e0'],
      ['🍫', 'Chocolate', '#6d4c41'],
      ['🎂', 'Grand Cake', '#ffd1dc'],
    ],
  }),

  // ---- classic-medium ----
  scratchTheme({
    id: 'treasure-chest-scratch',
    name: 'Treasure Chest Scratch',
    tagline: 'Pry open the lid on a pirate hoard.',
    profile: classicMedium,
    palette: ['#3e2723', '#00695c', '#ffd54f'],
    symbols: [
      ['🐚', 'Shell', '#ffccbc'],
      ['⚓', 'Anchor', '#90a4ae'],
      ['🧭', 'Compass', '#b0bec5'],
      ['🗺️', 'Map', '#d7ccc8'],
      ['🪙', 'Doubloon', '#ffd54f'],
      ['💍', 'Ring', '#e1f5fe'],
      ['💎', 'Gem', '#4fc3f7'],
      ['art:chest', 'Treasure Chest', '#ffb300'],
    ],
  }),
  scratchTheme({
    id: 'lucky-sevens-scratch',
    name: 'Lucky Sevens Scratch',
    tagline: 'Line up three and the bells start ringing.',
    profile: classicMedium,
    palette: ['#b71c1c', '#212121', '#ffeb3b'],
    symbols: [
      ['🍒', 'Cherry', '#e53935'],
      ['🍋', 'Lemon', '#ffee58'],
      ['🍊', 'Orange', '#fb8c00'],
      ['🍉', 'Melon', '#43a047'],
      ['🔔', 'Bell', '#ffd600'],
      ['⭐', 'Star', '#ffff8d'],
      ['💎', 'Diamond', '#40c4ff'],
      ['art:seven', 'Seven', '#ff1744'],
    ],
  }),
  scratchTheme({
    id: 'winter-wonder-scratch',
    name: 'Winter Wonder Scratch',
    tagline: 'Frost on the window, prizes underneath.',
    profile: classicMedium,
    palette: ['#0d47a1', '#e3f2fd', '#ffffff', '#0d1b2a'],
    symbols: [
      ['❄️', 'Snowflake', '#b3e5fc'],
      ['🧤', 'Mittens', '#e53935'],
      ['☕', 'Cocoa', '#8d6e63'],
      ['⛄', 'Snowman', '#ffffff'],
      ['🛷', 'Sled', '#d32f2f'],
      ['🎁', 'Gift', '#43a047'],
      ['🦌', 'Reindeer', '#a1887f'],
      ['🌟', 'Gold Star', '#ffd740'],
    ],
  }),
  scratchTheme({
    id: 'deep-space-scratch',
    name: 'Deep Space Scratch',
    tagline: 'Scratch away the dark to find a new star.',
    profile: classicMedium,
    palette: ['#000000', '#311b92', '#18ffff'],
    symbols: [
      ['🪨', 'Asteroid', '#9e9e9e'],
      ['🛰️', 'Satellite', '#cfd8dc'],
      ['🌕', 'Moon', '#fff9c4'],
      ['☄️', 'Comet', '#ff9e80'],
      ['🪐', 'Planet', '#ffcc80'],
      ['🛸', 'Saucer', '#b0bec5'],
      ['🚀', 'Rocket', '#ff5252'],
      ['🌌', 'Galaxy', '#b388ff'],
    ],
  }),

  // ---- big-prize-high ----
  scratchTheme({
    id: 'pot-of-gold-scratch',
    name: 'Pot of Gold Scratch',
    tagline: 'Follow the rainbow to one very big pot.',
    profile: bigPrizeHigh,
    palette: ['#004d40', '#ffb300', '#ffffff'],
    symbols: [
      ['🍀', 'Shamrock', '#43a047'],
      ['🎩', 'Top Hat', '#2e7d32'],
      ['🌈', 'Rainbow', '#ff8a65'],
      ['🪙', 'Gold Coin', '#ffd54f'],
      ['💰', 'Coin Sack', '#ffb300'],
      ['art:pot-of-gold', 'Pot of Gold', '#ffd700'],
      ['👑', 'Crown', '#ffd700'],
      ['🏆', 'Trophy', '#ffd700'],
    ],
  }),
  scratchTheme({
    id: 'crown-jewels-scratch',
    name: 'Crown Jewels Scratch',
    tagline: 'Royal riches hide beneath the silver.',
    profile: bigPrizeHigh,
    palette: ['#1a0033', '#7b1fa2', '#ffd700'],
    symbols: [
      ['🔶', 'Topaz', '#ffab40'],
      ['🔷', 'Sapphire', '#448aff'],
      ['💠', 'Aquamarine', '#4dd0e1'],
      ['💍', 'Ring', '#e1f5fe'],
      ['💎', 'Diamond', '#40c4ff'],
      ['👑', 'Crown', '#ffd700'],
      ['🏰', 'Palace', '#b39ddb'],
      ['🗝️', 'Vault Key', '#ffb300'],
    ],
  }),
  scratchTheme({
    id: 'starlight-millions',
    name: 'Starlight Millions',
    tagline: 'Wish upon a star for a prize that dazzles.',
    profile: bigPrizeHigh,
    palette: ['#0b0033', '#ff4081', '#fff59d'],
    symbols: [
      ['✨', 'Sparkle', '#fff59d'],
      ['⭐', 'Star', '#ffff8d'],
      ['🌙', 'Moon', '#fff9c4'],
      ['💫', 'Shooting Star', '#ffd740'],
      ['🌟', 'Bright Star', '#ffca28'],
      ['🎆', 'Fireworks', '#ff80ab'],
      ['🌠', 'Meteor Shower', '#b388ff'],
      ['🏆', 'Grand Prize', '#ffd700'],
    ],
  }),
  scratchTheme({
    id: 'desert-mirage-scratch',
    name: 'Desert Mirage Scratch',
    tagline: 'Is it a mirage, or is that gold on the dunes?',
    profile: bigPrizeHigh,
    palette: ['#5d4037', '#ffcc80', '#00897b'],
    symbols: [
      ['🌵', 'Cactus', '#689f38'],
      ['🦂', 'Scorpion', '#8d6e63'],
      ['🐪', 'Camel', '#d7a86e'],
      ['🏜️', 'Dunes', '#ffcc80'],
      ['🏺', 'Urn', '#bf8040'],
      ['🪔', 'Magic Lamp', '#ffd54f'],
      ['💎', 'Oasis Gem', '#4dd0e1'],
      ['👑', 'Sultan Crown', '#ffd700'],
    ],
  }),
];
