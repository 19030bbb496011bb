import type { ScratchSymbolId } from '@casino/contracts/game-math/scratch-types';
import type { SlotSymbolId } from '@casino/contracts/game-math/slot-types';

/**
 * How the verifier names the math's symbols. Every title dresses the same abstract symbols in its
 * own artwork (h1 is always a slot's top regular symbol, p1 a card's smallest prize); the game's
 * paytable shows which picture each one is.
 */
export const slotSymbolNames: Readonly<Record<SlotSymbolId, string>> = {
  wild: 'Wild',
  scatter: 'Scatter',
  h1: 'High 1',
  h2: 'High 2',
  h3: 'High 3',
  h4: 'High 4',
  l1: 'Low 1',
  l2: 'Low 2',
  l3: 'Low 3',
  l4: 'Low 4',
};

export function scratchSymbolName(symbol: ScratchSymbolId): string {
  return `Prize ${symbol.slice(1)}`;
}

/** A symbol's chip colour: gold for the wild, pink for the scatter, violet for high, blue for low. */
export function slotSymbolTone(symbol: SlotSymbolId): string {
  if (symbol === 'wild') return 'border-gold-400 bg-gold-500/15 text-gold-300';
  if (symbol === 'scatter') return 'border-neon-pink bg-neon-pink/15 text-pink-200';
  if (symbol.startsWith('h')) return 'border-neon-violet/70 bg-neon-violet/15 text-violet-200';
  return 'border-sky-400/60 bg-sky-400/10 text-sky-200';
}
