import type { Hundredths } from './bets.js';
import type { Rng } from './rng.js';
import { playScratch } from './scratch.js';
import { scratchProfiles } from './scratch-profiles.js';
import type { ScratchOutcome, ScratchProfile } from './scratch-types.js';
import { spinSlot } from './slot.js';
import { slotProfiles } from './slot-profiles.js';
import type { SlotOutcome, SlotProfile } from './slot-types.js';

/**
 * The in-house titles as the provably fair draw knows them: each title's id, name and the math
 * profile that draws its rounds (a theme only dresses a profile's symbols). The server checks at
 * start that its catalogue is this table (rgs/math/titles.ts), so the verifier, which has no
 * artwork, plays a title's rounds with the same math as the game server.
 */
export interface FairTitle {
  readonly id: string;
  readonly name: string;
  readonly profile: string;
}

export const FAIR_TITLES: readonly FairTitle[] = [
  { id: 'lucky-clover-meadow', name: 'Lucky Clover Meadow', profile: 'steady-low' },
  { id: 'candy-cascade', name: 'Candy Cascade', profile: 'steady-low' },
  { id: 'garden-bloom', name: 'Garden Bloom', profile: 'steady-low' },
  { id: 'piggy-bank-bonanza', name: 'Piggy Bank Bonanza', profile: 'steady-low' },
  { id: 'sweet-bakery', name: 'Sweet Bakery', profile: 'steady-low' },
  { id: 'farmyard-friends', name: 'Farmyard Friends', profile: 'steady-low' },
  { id: 'neon-nights', name: 'Neon Nights', profile: 'balanced-medium' },
  { id: 'ocean-treasures', name: 'Ocean Treasures', profile: 'balanced-medium' },
  { id: 'jungle-quest', name: 'Jungle Quest', profile: 'balanced-medium' },
  { id: 'wild-west-gold', name: 'Wild West Gold', profile: 'balanced-medium' },
  { id: 'arctic-aurora', name: 'Arctic Aurora', profile: 'balanced-medium' },
  { id: 'fairy-forest', name: 'Fairy Forest', profile: 'balanced-medium' },
  { id: 'samurai-spirit', name: 'Samurai Spirit', profile: 'balanced-medium' },
  { id: 'mermaid-lagoon', name: 'Mermaid Lagoon', profile: 'balanced-medium' },
  { id: 'fruit-carnival', name: 'Fruit Carnival', profile: 'fruit-classic' },
  { id: 'seven-sparks', name: 'Seven Sparks', profile: 'fruit-classic' },
  { id: 'retro-reels', name: 'Retro Reels', profile: 'fruit-classic' },
  { id: 'diamond-deluxe', name: 'Diamond Deluxe', profile: 'fruit-classic' },
  { id: 'tropical-punch', name: 'Tropical Punch', profile: 'fruit-classic' },
  { id: 'liberty-bells', name: 'Liberty Bells', profile: 'fruit-classic' },
  { id: 'thunder-peaks', name: 'Thunder Peaks', profile: 'scatter-storm' },
  { id: 'jade-dragon', name: 'Jade Dragon', profile: 'scatter-storm' },
  { id: 'cosmic-voyage', name: 'Cosmic Voyage', profile: 'scatter-storm' },
  { id: 'volcano-fury', name: 'Volcano Fury', profile: 'scatter-storm' },
  { id: 'pirates-plunder', name: "Pirate's Plunder", profile: 'scatter-storm' },
  { id: 'viking-raid', name: 'Viking Raid', profile: 'scatter-storm' },
  { id: 'witchs-brew', name: "Witch's Brew", profile: 'scatter-storm' },
  { id: 'haunted-manor', name: 'Haunted Manor', profile: 'scatter-storm' },
  { id: 'sands-of-the-pharaoh', name: 'Sands of the Pharaoh', profile: 'mega-jackpot' },
  { id: 'golden-empire', name: 'Golden Empire', profile: 'mega-jackpot' },
  { id: 'howling-moon', name: 'Howling Moon', profile: 'mega-jackpot' },
  { id: 'royal-treasury', name: 'Royal Treasury', profile: 'mega-jackpot' },
  { id: 'sun-temple-gold', name: 'Sun Temple Gold', profile: 'mega-jackpot' },
  { id: 'lions-pride', name: "Lion's Pride", profile: 'mega-jackpot' },
  { id: 'lucky-clover-scratch', name: 'Lucky Clover Scratch', profile: 'lucky-low' },
  { id: 'piggy-pennies', name: 'Piggy Pennies', profile: 'lucky-low' },
  { id: 'golden-horseshoe', name: 'Golden Horseshoe', profile: 'lucky-low' },
  { id: 'sweet-treats-scratch', name: 'Sweet Treats Scratch', profile: 'lucky-low' },
  { id: 'treasure-chest-scratch', name: 'Treasure Chest Scratch', profile: 'classic-medium' },
  { id: 'lucky-sevens-scratch', name: 'Lucky Sevens Scratch', profile: 'classic-medium' },
  { id: 'winter-wonder-scratch', name: 'Winter Wonder Scratch', profile: 'classic-medium' },
  { id: 'deep-space-scratch', name: 'Deep Space Scratch', profile: 'classic-medium' },
  { id: 'pot-of-gold-scratch', name: 'Pot of Gold Scratch', profile: 'big-prize-high' },
  { id: 'crown-jewels-scratch', name: 'Crown Jewels Scratch', profile: 'big-prize-high' },
  { id: 'starlight-millions', name: 'Starlight Millions', profile: 'big-prize-high' },
  { id: 'desert-mirage-scratch', name: 'Desert Mirage Scratch', profile: 'big-prize-high' },
];

export type FairProfile = SlotProfile | ScratchProfile;
export type FairOutcome = SlotOutcome | ScratchOutcome;

/** Every math profile a title can use, by id. */
export const FAIR_PROFILES: ReadonlyMap<string, FairProfile> = new Map<string, FairProfile>(
  [...slotProfiles, ...scratchProfiles].map((profile) => [profile.id, profile]),
);

/** The title (by its id) or the math profile (by its id) a verifier was asked about. */
export function fairGame(game: string): { title: FairTitle | null; profile: FairProfile } | null {
  const title = FAIR_TITLES.find((one) => one.id === game) ?? null;
  const profile = FAIR_PROFILES.get(title?.profile ?? game);
  return profile ? { title, profile } : null;
}

/**
 * A round of a profile: a slot spin or a scratch card, drawn from `rng` alone. The game server
 * plays every round through this, and the verifier draws it again through this.
 */
export function playProfile(profile: FairProfile, bet: Hundredths, rng: Rng): FairOutcome {
  return profile.kind === 'slot' ? spinSlot(profile, bet, rng) : playScratch(profile, bet, rng);
}
