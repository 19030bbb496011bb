import { fromHundredths } from '@casino/contracts/money';
import type { GameInfo } from '@casino/contracts/rgs';
import type { GameTitle, SymbolArt } from './math/index.js';

/** What the page draws of a symbol: its name, colour and picture (the emoji key stays on the server). */
function symbolsOf(symbols: Readonly<Record<string, SymbolArt>>) {
  return Object.fromEntries(Object.entries(symbols).map(([id, { label, color, svg }]) => [id, { label, color, svg }]));
}

/**
 * What a game page needs to draw its title: name, palette, symbols, bet steps, and for a slot its
 * reel strips and paylines, so that it spins the real strips and stops exactly on the server's
 * stops (what is shown is what was decided). The math is public: an honest
 * game has nothing to hide in its paytable.
 */
export function gameInfoOf(title: GameTitle, masterCasinoGameId: number): GameInfo {
  const base = {
    masterCasinoGameId,
    identifier: title.id,
    name: title.name,
    tagline: title.tagline,
    palette: { ...title.palette },
    volatility: title.volatility,
    rtp: title.rtp,
    betSteps: title.betSteps.map(fromHundredths),
    defaultBet: fromHundredths(title.defaultBet),
  };
  if (title.kind === 'slot') {
    return {
      ...base,
      kind: 'slot',
      reels: title.profile.reels.map((strip) => [...strip]),
      paylines: title.profile.paylines.map((line) => [...line]),
      symbols: symbolsOf(title.theme.symbols),
      linePays: Object.fromEntries(Object.entries(title.profile.linePays).map(([symbol, pays]) => [symbol, [...(pays ?? [])]])),
      scatterPays: title.profile.scatterPays ? [...title.profile.scatterPays] : null,
    };
  }
  return {
    ...base,
    kind: 'scratch',
    symbols: symbolsOf(title.theme.symbols),
    prizes: title.profile.tiers.map((tier) => ({ symbol: tier.symbol, multiplier: tier.multiplier })),
  };
}
