import { symbolSvg } from './symbol-art.js';
import type { ScratchProfile, ScratchSymbolId } from '@casino/contracts/game-math/scratch-types';
import type { SlotProfile, SlotSymbolId } from '@casino/contracts/game-math/slot-types';

/** How one abstract symbol id looks in a given theme. */
export interface SymbolArt {
  /** The key of the symbol's vector artwork: an emoji whose Twemoji drawing it is, or "art:<name>" (symbol-art.ts). */
  readonly glyph: string;
  readonly label: string;
  /** CSS colour used for the symbol's frame/glow. */
  readonly color: string;
  /** The artwork as a standalone SVG document: what every page shows, never the emoji itself. */
  readonly svg: string;
}

export interface Palette {
  /** Background gradient, top-left to bottom-right. */
  readonly from: string;
  readonly to: string;
  readonly accent: string;
  /** Foreground text colour chosen to read on the gradient. */
  readonly text: string;
}

interface ThemeBase {
  /** Stable kebab-case slug: used in URLs and round records, never renamed. */
  readonly id: string;
  readonly name: string;
  readonly tagline: string;
  readonly palette: Palette;
}

export interface SlotTheme extends ThemeBase {
  readonly kind: 'slot';
  readonly profile: SlotProfile;
  readonly symbols: Readonly<Record<SlotSymbolId, SymbolArt>>;
}

export interface ScratchTheme extends ThemeBase {
  readonly kind: 'scratch';
  readonly profile: ScratchProfile;
  readonly symbols: Readonly<Record<ScratchSymbolId, SymbolArt>>;
}

/** [glyph, label, colour], the compact form themes are written in. */
export type SymbolSpec = readonly [glyph: string, label: string, color: string];

export function art([glyph, label, color]: SymbolSpec): SymbolArt {
  return { glyph, label, color, svg: symbolSvg(glyph, color) };
}

/** Palette shorthand: [from, to, accent, text?]; text defaults to white. */
export type PaletteSpec = readonly [from: string, to: string, accent: string, text?: string];

export function palette([from, to, accent, text = '#ffffff']: PaletteSpec): Palette {
  return { from, to, accent, text };
}
