import { describe, expect, it } from 'vitest';
import { subCategorySeeds } from './catalogue-data.js';
import { subCategoryIcon } from './thumbnails.js';

describe('sub-category icons', () => {
  it('draw every emblem as vector art, leaving no character to the emoji font', () => {
    for (const seed of subCategorySeeds) {
      const svg = decodeURIComponent(subCategoryIcon(seed.emblem, seed.colors).replace('data:image/svg+xml,', ''));
      expect(svg, seed.slug).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(svg, seed.slug).toMatch(/<path|<circle|<ellipse|<polygon|<rect[^>]*\/>.*<svg/);
    }
  });
});
