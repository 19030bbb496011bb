import { describe, expect, it } from 'vitest';
import { scratchRtp } from '@casino/contracts/game-math/scratch';
import { SCRATCH_SYMBOL_IDS } from '@casino/contracts/game-math/scratch-types';
import { slotRtp } from '@casino/contracts/game-math/slot';
import { SLOT_SYMBOL_IDS, type SlotSymbolId } from '@casino/contracts/game-math/slot-types';
import type { SymbolArt } from './theme-types.js';
import { getTitle, titles } from './titles.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-f]{6}$/i;

function expectArt(art: SymbolArt | undefined, where: string): void {
  expect(art, where).toBeDefined();
  expect(art?.glyph.trim(), where).not.toBe('');
  // Vector art of its own, never an emoji for the system font to draw.
  expect(art?.svg, where).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 36 36"><[a-z][^]*<\/svg>$/);
  expect(art?.svg, where).not.toMatch(/<text|\p{Extended_Pictographic}/u);
  expect(art?.label.trim(), where).not.toBe('');
  expect(art?.color, where).toMatch(HEX);
}

describe('catalogue', () => {
  it('has at least 42 titles: >= 32 slots and >= 10 scratch cards', () => {
    expect(titles.length).toBeGreaterThanOrEqual(42);
    expect(titles.filter((t) => t.kind === 'slot').length).toBeGreaterThanOrEqual(32);
    expect(titles.filter((t) => t.kind === 'scratch').length).toBeGreaterThanOrEqual(10);
  });

  it('has unique kebab-case ids and unique names', () => {
    const ids = titles.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(KEBAB);
    expect(new Set(titles.map((t) => t.name.toLowerCase())).size).toBe(titles.length);
  });

  it('uses at least 4 slot and 3 scratch math profiles', () => {
    expect(new Set(titles.filter((t) => t.kind === 'slot').map((t) => t.profile.id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(titles.filter((t) => t.kind === 'scratch').map((t) => t.profile.id)).size).toBeGreaterThanOrEqual(3);
  });

  it('states, for every title, the exact RTP of its profile, between 90% and 97%', () => {
    for (const title of titles) {
      const exact = title.kind === 'slot' ? slotRtp(title.profile) : scratchRtp(title.profile);
      expect(title.rtp, title.id).toBe(exact);
      expect(title.rtp, title.id).toBeGreaterThanOrEqual(0.9);
      expect(title.rtp, title.id).toBeLessThanOrEqual(0.97);
      expect(title.volatility).toBe(title.profile.volatility);
    }
  });

  it('offers a consistent bet ladder; slot bets split evenly over the lines', () => {
    for (const title of titles) {
      expect(title.betSteps.length, title.id).toBeGreaterThan(0);
      expect([...title.betSteps].sort((a, b) => a - b)).toEqual(title.betSteps);
      expect(title.minBet).toBe(title.betSteps[0]);
      expect(title.maxBet).toBe(title.betSteps.at(-1));
      expect(title.betSteps).toContain(title.defaultBet);
      for (const bet of title.betSteps) expect(Number.isSafeInteger(bet) && bet > 0).toBe(true);
      if (title.kind === 'slot') {
        expect(title.lines).toBe(title.profile.paylines.length);
        for (const bet of title.betSteps) expect(bet % title.lines, `${title.id} ${bet}`).toBe(0);
      }
    }
  });

  it('gives every theme art for every symbol id and a distinct background', () => {
    const backgrounds = new Set<string>();
    for (const title of titles) {
      if (title.kind === 'slot') {
        for (const id of SLOT_SYMBOL_IDS) expectArt(title.theme.symbols[id], `${title.id}.${id}`);
        const used = new Set<SlotSymbolId>(title.profile.reels.flat());
        expect(used.size, `${title.id} shows its symbols`).toBeGreaterThan(3);
      } else {
        for (const id of SCRATCH_SYMBOL_IDS) expectArt(title.theme.symbols[id], `${title.id}.${id}`);
      }
      for (const colour of [title.palette.from, title.palette.to, title.palette.accent, title.palette.text]) {
        expect(colour, title.id).toMatch(HEX);
      }
      backgrounds.add(`${title.palette.from}/${title.palette.to}`.toLowerCase());
    }
    expect(backgrounds.size).toBe(titles.length);
  });

  it('finds titles by id', () => {
    for (const title of titles) expect(getTitle(title.id)).toBe(title);
    expect(getTitle('no-such-game')).toBeUndefined();
  });
});
