import { defaultBetFor, type Hundredths } from '@casino/contracts/game-math/bets';
import { FAIR_TITLES } from '@casino/contracts/game-math/fair-games';
import { assertValidScratchProfile, scratchRtp } from '@casino/contracts/game-math/scratch';
import { scratchThemes } from './scratch-themes.js';
import type { ScratchProfile } from '@casino/contracts/game-math/scratch-types';
import { assertValidSlotProfile, slotRtp } from '@casino/contracts/game-math/slot';
import { slotThemes } from './slot-themes.js';
import type { SlotProfile, Volatility } from '@casino/contracts/game-math/slot-types';
import type { Palette, ScratchTheme, SlotTheme } from './theme-types.js';

interface TitleBase {
  /** Stable kebab-case slug (the theme id). */
  readonly id: string;
  readonly name: string;
  readonly tagline: string;
  readonly palette: Palette;
  readonly volatility: Volatility;
  /** Exact theoretical return to player, from the profile's paytable. */
  readonly rtp: number;
  readonly betSteps: readonly Hundredths[];
  readonly minBet: Hundredths;
  readonly maxBet: Hundredths;
  readonly defaultBet: Hundredths;
}

export interface SlotTitle extends TitleBase {
  readonly kind: 'slot';
  readonly profile: SlotProfile;
  readonly theme: SlotTheme;
  readonly lines: number;
}

export interface ScratchTitle extends TitleBase {
  readonly kind: 'scratch';
  readonly profile: ScratchProfile;
  readonly theme: ScratchTheme;
}

export type GameTitle = SlotTitle | ScratchTitle;

function betFields(steps: readonly Hundredths[]): Pick<TitleBase, 'betSteps' | 'minBet' | 'maxBet' | 'defaultBet'> {
  return {
    betSteps: steps,
    minBet: Math.min(...steps),
    maxBet: Math.max(...steps),
    defaultBet: defaultBetFor(steps),
  };
}

function themeFields(theme: SlotTheme | ScratchTheme): Pick<TitleBase, 'id' | 'name' | 'tagline' | 'palette'> {
  return { id: theme.id, name: theme.name, tagline: theme.tagline, palette: theme.palette };
}

// RTPs are memoised per profile inside slot.ts, so 34 titles cost 5 enumerations.
function slotTitle(theme: SlotTheme): SlotTitle {
  assertValidSlotProfile(theme.profile);
  return {
    kind: 'slot',
    ...themeFields(theme),
    profile: theme.profile,
    theme,
    lines: theme.profile.paylines.length,
    volatility: theme.profile.volatility,
    rtp: slotRtp(theme.profile),
    ...betFields(theme.profile.betSteps),
  };
}

function scratchTitle(theme: ScratchTheme): ScratchTitle {
  assertValidScratchProfile(theme.profile);
  return {
    kind: 'scratch',
    ...themeFields(theme),
    profile: theme.profile,
    theme,
    volatility: theme.profile.volatility,
    rtp: scratchRtp(theme.profile),
    ...betFields(theme.profile.betSteps),
  };
}

/** The full catalogue, slots first. Built (and every profile validated) at import. */
export const titles: readonly GameTitle[] = [...slotThemes.map(slotTitle), ...scratchThemes.map(scratchTitle)];

const byId = new Map<string, GameTitle>(titles.map((title) => [title.id, title]));
if (byId.size !== titles.length) throw new Error('duplicate title id in the catalogue');

// The verifier plays a title's rounds with the profile FAIR_TITLES names: the catalogue must be that table.
const fairTitles = new Map(FAIR_TITLES.map((fair) => [fair.id, fair]));
for (const title of titles) {
  const fair = fairTitles.get(title.id);
  if (!fair || fair.name !== title.name || fair.profile !== title.profile.id) {
    throw new Error(`title '${title.id}' is not in FAIR_TITLES as it is in the catalogue (game-math/fair-games.ts)`);
  }
}
if (fairTitles.size !== titles.length) throw new Error('FAIR_TITLES names a title the catalogue does not have');

export function getTitle(id: string): GameTitle | undefined {
  return byId.get(id);
}
