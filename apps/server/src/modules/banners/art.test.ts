import { describe, expect, it } from 'vitest';
import { renderBannerArt } from './art.js';

const banner = (emblem: string) => ({
  slug: 'join-now',
  title: 'Join Lucky Crown',
  subtitle: 'Free Gold Coins and Sweeps Coins when you sign up',
  theme: { from: '#5b21b6', to: '#1d1250', accent: '#ffe08a', emblem },
});

describe('banner artwork', () => {
  it('draws the emblem as vector art, leaving no character for the emoji font', () => {
    for (const emblem of ['👑', '🎟️', '💎', '🍒', '✨', '🔥', '🎁', '🧭']) {
      const svg = renderBannerArt(banner(emblem));
      expect(svg, emblem).toMatch(/<svg x="320" y="44" width="120" height="120" viewBox="0 0 36 36"><[a-z]/);
      expect(svg, emblem).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('draws a star for an emblem it has no artwork for', () => {
    const svg = renderBannerArt(banner('?!'));
    expect(svg).toContain('<path fill="#ffe08a" d="M380 44');
    expect(svg).not.toContain('?!');
  });
});
